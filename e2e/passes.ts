// Which browser specs run in which pass of `npm test`: the first on PGlite (the embedded database,
// in-memory limits), the second on PostgreSQL + Redis. Each spec runs once, in the pass that matches
// what it proves, unless it is engine-specific and listed in neither list below:
// - both passes: behaviour whose code differs by engine or limiter store: backups (pg_dump against the
//   embedded dump), the CLI beside a running service (forwarded over the control socket on PGlite),
//   shutdown (closing the embedded database against a pool and Redis), per-IP limits (memory against
//   Redis), and paying through a gateway whose callback arrives while the buyer's request holds the
//   one embedded connection (purchase, wallet);
// - FIRST_PASS_ONLY: what a page shows and how it behaves in the browser, on code paths the engine
//   does not change;
// - SECOND_PASS_ONLY: the flows of buying, support, accounts and admin work on the production setup
//   (PostgreSQL + Redis). Their services are proven on both engines by Vitest; the embedded server
//   keeps serving real flows in the first pass (the customer's journey buys a plan, the page walk
//   seeds a shop through the pages, the list and layout specs work in the admin UI).
// A new spec runs in both passes until someone lists it here, with the reason.
export const FIRST_PASS_ONLY: Record<string, string> = {
  "page-walk.spec.ts": "axe contrast and labels, distinct control names, words instead of codes and words fitting at 390 px, on every page: rendering (the code catalogue test is Vitest's)",
  "admin-tables-phone.spec.ts": "table rows as cards on a phone: layout",
  "small-things.spec.ts": "deep links, notices, the 404 frame, dialogs, a server without mail: pages",
  "forms-lead-to-problem.spec.ts": "focus and field errors in forms: the browser side of validation",
  "one-language.spec.ts": "the language switch and the account's language: pages and mail words",
  "errors-in-language.spec.ts": "the same failure worded in each reader's language",
  "navigation-feedback.spec.ts": "progress and the active entry while a page loads",
  "security-headers.spec.ts": "response headers and the CSP the pages hydrate under",
  "api-reference.spec.ts": "the OpenAPI document and its reference page",
  "dashboards.spec.ts": "figures link to their lists (the figures themselves are Vitest's, on both)",
  "status-reason.spec.ts": "the disable and ban dialogs and their wording",
  "node-add-outcome.spec.ts": "one message per node action, in the dialog and the page",
  "node-visibility.spec.ts": "the visibility switch on the admin and user pages",
  "mail-templates.spec.ts": "editing, previewing and resetting a template in the page",
  "announcements.spec.ts": "a pop-up shown, dismissed and deleted in the pages",
  "admin-logs.spec.ts": "the log tabs, URL filters and confirmations (cleanup counts are Vitest's, on both)",
  "area-frames.spec.ts": "404 layouts, the folding menu and toast placement: layout",
  "journey.spec.ts": "the clicks from the landing page to a subscription URL: the pages' path (paying through the gateway simulator is purchase.spec's and pay-page's, on both)",
  "kb.spec.ts": "writing, searching and voting in the help center pages: search and votes are Vitest's on both engines",
  "admin-lists.spec.ts": "typing into the list filters and the URL they keep: the browser side (the filtered queries are Vitest's, on both)",
  "passkeys.spec.ts": "passkeys and the staff story run on a server of the spec's own (WebAuthn needs a localhost origin), embedded whatever the pass: passkeys, staff and permissions are Vitest's on both engines",
};

export const SECOND_PASS_ONLY: Record<string, string> = {
  "several-instances.spec.ts": "two instances behind nginx share PostgreSQL and Redis: there is no embedded equivalent",
  "pay-page.spec.ts": "the buy dialog, a reused open order and the pay page's summary: order services are Vitest's on both engines",
  "store.spec.ts": "storefront, cart and orders as people use them: the catalogue and cart services are Vitest's on both",
  "renew.spec.ts": "a renewal ordered and paid from My subscriptions: renewal pricing is Vitest's on both",
  "admin-orders.spec.ts": "confirming an order and the task center in the admin UI: outbox tasks are Vitest's on both",
  "admin-subscriptions.spec.ts": "the admin's subscription and traffic lists after a purchase: the queries are Vitest's on both",
  "notifications.spec.ts": "the bell and the notifications page after a paid order: notification services are Vitest's on both",
  "live-bell.spec.ts": "the bell's count without a reload (polling with ETag): the unread route is Vitest's on both",
  "risk-review.spec.ts": "a subscription fetched from three countries suspended and reviewed: the risk engine is Vitest's on both",
  "subscription-links.spec.ts": "a subscription link copied and fetched: delivery and the gate are Vitest's on both, real cores included",
  "tickets.spec.ts": "a ticket with an image, the admin's reply and the bell: support services are Vitest's on both",
  "attachments-http.spec.ts": "the attachment access matrix over HTTP: the attachment routes are Vitest's on both",
  "support-contact.spec.ts": "the missing-contact warning and the contact form: contact services are Vitest's on both",
  "two-factor.spec.ts": "enrolment, codes and the operator's reset in the browser: two-factor services are Vitest's on both",
  "nodes-flow.spec.ts": "adding and syncing a node in the admin UI: panel sync is Vitest's on both",
  "auth-flow.spec.ts": "sign-up, sign-in and sign-out in the browser: account services are Vitest's on both",
  "http-api.spec.ts": "next-auth's flow and the register endpoint's errors over plain HTTP: the routes are Vitest's on both",
  "bad-input.spec.ts": "hostile requests answered with a clear 4xx by the real server: validation is Vitest's on both",
  "signout-ends-session.spec.ts": "a copied cookie refused after sign-out: sessions live in the database, proven on both by Vitest",
  "referral.spec.ts": "an invite, the invitee's purchase, the commission and a payout approved: commission and payouts are Vitest's on both, races on PostgreSQL",
  "plan-change.spec.ts": "an upgrade previewed, paid through epay and shown on a 390 px dark phone: the arithmetic, the apply step and its races are Vitest's on both engines",
  "gifts.spec.ts": "a gift bought through epay, its mail, and the claim by a new account registering from the link: the claim, expiry and refund races are Vitest's on both engines",
  "ban-ends-session.spec.ts": "a banned user's open session refused: sessions live in the database, proven on both by Vitest",
};

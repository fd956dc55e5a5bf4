// Which browser specs run in both passes of `npm test` (PGlite, then PostgreSQL + Redis) and which
// run in the first only. A spec runs in both unless it is listed here: the second pass exists for
// behaviour that depends on the database engine or on Redis (money and stock under locks, sessions
// and limits kept in Redis, backups, the CLI beside a running service, outbox tasks, shutdown). The
// specs below check what the browser shows and how requests are answered, on code paths the engine
// does not change; the same services are proven on both databases by Vitest. A new spec lands in both
// passes until someone decides otherwise here, with the reason.
export const FIRST_PASS_ONLY: Record<string, string> = {
  "accessibility.spec.ts": "axe contrast and labels on every page: rendering",
  "phone-labels.spec.ts": "words fitting at 390 px on every page: rendering",
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
  "distinct-labels.spec.ts": "accessible names of the controls on every page: rendering",
  "raw-codes.spec.ts": "words instead of codes on every admin page: rendering (the catalogue test is Vitest's)",
  "area-frames.spec.ts": "404 layouts, the folding menu and toast placement: layout",
  "admin-lists.spec.ts": "typing into the list filters and the URL they keep: the browser side (the filtered queries are Vitest's, on both)",
};

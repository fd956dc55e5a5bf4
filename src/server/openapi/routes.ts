// The one registry of HTTP endpoints: every Route Handler under src/app/api and what the custom
// server answers itself. tests/openapi/coverage.test.ts fails when a route file and this list disagree.
// Summaries are English (the document's language); the admin reference page translates only its chrome.
import { z } from "zod";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from "../db/schema";
import { LoginInput, RegisterInput } from "../services/accounts/inputs";
import { RESTORE_CONFIRM_WORD, RESTORE_MAX_BYTES, RestoreInput } from "../services/backup/backup-service";
import { STORED_NAME } from "../services/backup/files";
import { AuditExportInput } from "../services/exports/export-audit-logs";
import { ListInput as NotificationsQuery } from "../services/notifications/my-notifications";
import { WalletCreateInput as CreatePaymentInput } from "../services/payments/create-payment";
import { NOTIFY_PROVIDERS, type NotifyProvider } from "../services/payments/notify";
import { Envelope as NodeAccessEnvelope } from "../services/risk/node-access";
import { MAX_NODE_ACCESS_EVENTS, NodeAccessEvent } from "../services/risk/node-access-input";
import { SERVED_FORMATS } from "../services/subscription-content/types";
import { RechargePaymentInput } from "../services/wallet/recharge";
import { ReplyInput } from "../services/support/ticket-input";
import { TelegramUpdateBody } from "../services/telegram/webhook-input";
import { CreateInput as CreateTicketForm, ReplyWithFilesInput } from "../services/support/tickets";
import { HistoryQueryInput, LatencyReportInput, NodeQueryInput, TraceReportInput } from "../services/telemetry/inputs";
import { MetricsBatchInput, MetricsReportInput } from "../services/telemetry/metrics-input";
import { RedeemCardInput } from "../services/wallet/cards-redeem";
import { PayoutRequestInput } from "../services/referral/payouts";
import { API_V1_ROUTES } from "./routes-v1";
import { KB_ROUTES } from "./routes-kb";
import type { RouteDoc } from "./types";

const uuid = (description: string) => ({ schema: z.uuid(), description });

/** What a route handler's body, minus ticketId (the path carries it), looks like on the wire. */
const ReplyForm = ReplyWithFilesInput.omit({ ticketId: true });
const ticketFiles = { field: "files", maxItems: MAX_ATTACHMENTS_PER_MESSAGE, maxBytesEach: MAX_ATTACHMENT_BYTES };

// An agent sends one sample or a batch; the service tries the batch schema when `metrics` is an array.
const MetricsBody = z.union([MetricsReportInput, MetricsBatchInput]);
// The service checks the envelope whole and each event on its own (an invalid event is skipped).
const NodeAccessBody = NodeAccessEnvelope.extend({ events: z.array(NodeAccessEvent).max(MAX_NODE_ACCESS_EVENTS) });

const idempotencyKey = {
  name: "Idempotency-Key",
  description: "Makes the batch once-only: a retry with the same key gets the first answer (header Idempotent-Replayed: true).",
  schema: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
};
const agentErrors = [400, 401, 409, 413, 415, 429] as const;

const SubscriptionQuery = z.object({
  token: z.string().describe("The subscription's download token (the user's aggregate token for /all)."),
  format: z.enum(SERVED_FORMATS).optional().describe("Omit to pick by the client's User-Agent."),
});
const subscriptionContent = {
  status: 200,
  description: "The subscription in the asked format. A browser (Accept: text/html, no format) is sent to the page at /subscription-view/{id}.",
  contentTypes: ["text/plain", "application/yaml", "application/json"],
};

const CredentialsForm = LoginInput.extend({
  csrfToken: z.string().describe("From GET /api/auth/csrf."),
  totpCode: z.string().optional().describe("Second step for accounts with two-factor sign-in."),
  recoveryCode: z.string().optional(),
  callbackUrl: z.string().optional(),
  json: z.enum(["true"]).optional().describe("Answer JSON ({ url }) instead of a redirect."),
});
const CsrfForm = z.object({ csrfToken: z.string(), callbackUrl: z.string().optional(), json: z.enum(["true"]).optional() });

export const ROUTES: RouteDoc[] = [
  // next-auth's catch-all route, documented as the concrete endpoints the site uses.
  { method: "get", path: "/api/auth/csrf", tag: "Auth", summary: "CSRF token for the sign-in and sign-out forms", access: "public", success: { status: 200, description: "{ csrfToken }" }, errors: [] },
  { method: "get", path: "/api/auth/session", tag: "Auth", summary: "The current session, or an empty object", access: "public", sessionOptional: true, success: { status: 200, description: "{ user: { id, email, name, role, sid }, expires } or {}" }, errors: [] },
  { method: "get", path: "/api/auth/providers", tag: "Auth", summary: "The sign-in providers (credentials only)", access: "public", success: { status: 200, description: "next-auth's provider list" }, errors: [] },
  {
    method: "post", path: "/api/auth/callback/credentials", tag: "Auth", summary: "Sign in with email and password (and the second factor when the account has one)", access: "public",
    description: "A failed sign-in answers the error body with the real status (401/403/429 with Retry-After) and next-auth's `url`. GET answers 405.",
    body: { contentType: "application/x-www-form-urlencoded", schema: { name: "CredentialsForm", schema: CredentialsForm } },
    success: { status: 200, description: "Signed in: the session cookie is set; { url } (or a redirect without json=true)." }, errors: [400, 401, 403, 413, 429, 503],
  },
  { method: "post", path: "/api/auth/signout", tag: "Auth", summary: "Sign out and revoke this session", access: "public", sessionOptional: true, body: { contentType: "application/x-www-form-urlencoded", schema: { name: "CsrfForm", schema: CsrfForm } }, success: { status: 200, description: "{ url }; the session cookie is cleared." }, errors: [413] },
  { method: "post", path: "/api/auth/register", tag: "Auth", summary: "Create an account", access: "public", body: { contentType: "application/json", schema: { name: "RegisterInput", schema: RegisterInput } }, success: { status: 201, description: "{ ok: true, ... }: the account exists; a verification mail may follow." }, errors: [400, 403, 409, 413, 415, 429, 503] },

  { method: "get", path: "/api/health", tag: "Operations", summary: "Liveness and database check for load balancers", access: "public", success: { status: 200, description: "{ status: ok, checks }; 503 with status degraded when the database does not answer." }, errors: [] },
  {
    method: "get", path: "/api/metrics", tag: "Operations", summary: "Prometheus metrics", access: "metrics",
    description: "Answered by the custom server before Next.js. 404 while no metrics token is set; each token check counts against the client IP.",
    success: { status: 200, description: "Prometheus text exposition format.", contentTypes: ["text/plain"] }, errors: [400, 401, 404, 429, 503],
  },
  { method: "get", path: "/api/openapi.json", tag: "Operations", summary: "This OpenAPI 3.1 document", access: "public", success: { status: 200, description: "The document." }, errors: [] },
  {
    method: "post", path: "/api/telegram/webhook", tag: "Operations", summary: "Telegram bot updates (webhook mode)", access: "gateway",
    description: "Called by Telegram while the bot runs in webhook mode (404 otherwise), proven by the secret the site gave setWebhook. Answers 200 once the update was handled, whatever the bot replied.",
    headers: [{ name: "X-Telegram-Bot-Api-Secret-Token", required: true, description: "The webhook secret (derived from the bot token; never shown).", schema: z.string() }],
    body: { contentType: "application/json", schema: { name: "TelegramUpdate", schema: TelegramUpdateBody } },
    success: { status: 200, description: "{ ok: true }" }, errors: [400, 401, 404, 413, 503],
  },
  { method: "get", path: "/api/public/app-info", tag: "Public", summary: "Site name, public settings and current announcements", access: "public", success: { status: 200, description: "The site's public information with `announcements`." }, errors: [] },
  ...KB_ROUTES,

  { method: "get", path: "/api/latency", tag: "Telemetry", summary: "Latest latency per carrier of one node", access: "public", sessionOptional: true, description: "Anonymous callers are served only when telemetry is public (a setting); otherwise a session is required.", query: NodeQueryInput, success: { status: 200, description: "{ nodeId, nodeName, lastReportAt, latencies[] }" }, errors: [400, 401, 403, 404] },
  { method: "get", path: "/api/latency/history", tag: "Telemetry", summary: "Latency history of one node and carrier, in buckets", access: "public", sessionOptional: true, description: "Same access rule as GET /api/latency.", query: HistoryQueryInput, success: { status: 200, description: "{ nodeId, carrier, range, bucketSeconds, from, to, points[] }" }, errors: [400, 401, 403, 404] },
  { method: "get", path: "/api/latency/recommendations", tag: "Telemetry", summary: "The best nodes per carrier over the recent window", access: "public", sessionOptional: true, description: "Same access rule as GET /api/latency.", success: { status: 200, description: "Recommended nodes per carrier." }, errors: [401, 403] },
  { method: "get", path: "/api/traces", tag: "Telemetry", summary: "Latest route traces of one node, classified", access: "public", sessionOptional: true, description: "Same access rule as GET /api/latency.", query: NodeQueryInput, success: { status: 200, description: "The node's traces per carrier with route labels." }, errors: [400, 401, 403, 404] },

  { method: "post", path: "/api/agent/latency", tag: "Agent", summary: "Report latency samples", access: "agent", headers: [idempotencyKey], body: { contentType: "application/json", schema: { name: "LatencyReportInput", schema: LatencyReportInput } }, success: { status: 200, description: "{ ok: true, ... } counts of what was stored." }, errors: [...agentErrors] },
  { method: "post", path: "/api/agent/trace", tag: "Agent", summary: "Report route traces", access: "agent", headers: [idempotencyKey], body: { contentType: "application/json", schema: { name: "TraceReportInput", schema: TraceReportInput } }, success: { status: 200, description: "{ ok: true, ... } counts of what was stored." }, errors: [...agentErrors] },
  { method: "post", path: "/api/agent/metrics", tag: "Agent", summary: "Report node health samples (one or a batch)", access: "agent", headers: [idempotencyKey], body: { contentType: "application/json", schema: { name: "MetricsReportBody", schema: MetricsBody } }, success: { status: 200, description: "{ ok: true, stored }" }, errors: [...agentErrors] },
  { method: "post", path: "/api/agent/node-access", tag: "Agent", summary: "Report client connections seen on the node", access: "agent", description: "Invalid events are skipped and counted, not refused; a batch over the limit is a 413.", headers: [idempotencyKey], body: { contentType: "application/json", schema: { name: "NodeAccessReport", schema: NodeAccessBody } }, success: { status: 200, description: "{ ok: true, processed, skipped, warnings, suspended, skippedReasons }" }, errors: [...agentErrors] },

  { method: "get", path: "/api/notifications", tag: "Notifications", summary: "The caller's notifications, newest first, with the unread count", access: "user", query: NotificationsQuery, success: { status: 200, description: "{ items[], total, unread, page, pageSize }" }, errors: [400, 401] },
  { method: "get", path: "/api/notifications/unread", tag: "Notifications", summary: "The caller's unread count (polled by the bell)", access: "user", description: "Answers `ETag`; a request whose `If-None-Match` holds it while the count is unchanged gets an empty 304.", headers: [{ name: "If-None-Match", schema: z.string().max(200), description: "The `ETag` of the last answer." }], success: { status: 200, description: "{ unread }" }, errors: [401] },

  { method: "get", path: "/api/payment/providers", tag: "Payments", summary: "Payment methods the caller can use", access: "user", description: "In the wallet edition the list ends with `balance` and the caller's `balanceMinor`; `target=wallet` leaves it out (a recharge is never paid from the balance). The base edition never lists it.", query: z.object({ target: z.enum(["wallet"]).optional() }), success: { status: 200, description: "{ providers[] }" }, errors: [401, 403] },
  { method: "post", path: "/api/payment/create", tag: "Payments", summary: "Start a payment for one of the caller's pending orders", access: "user", description: "Wallet edition: `provider: \"balance\"` pays the whole order from the balance at once (409 insufficient_balance when short); a gateway `provider` with `balanceMinor` (0 < N < total) holds N from the balance and asks the gateway for the rest. The base edition accepts only the gateways and no `balanceMinor`.", body: { contentType: "application/json", schema: { name: "CreatePaymentInput", schema: CreatePaymentInput } }, success: { status: 200, description: "The payment: trade number, amount and what to show (QR code, pay URL or USDT address)." }, errors: [400, 401, 403, 404, 409, 413, 415, 503] },
  { method: "get", path: "/api/payment/order/{orderId}", tag: "Payments", summary: "Payment status of one of the caller's orders", access: "user", pathParams: { orderId: uuid("The order.") }, success: { status: 200, description: "The order's payment status." }, errors: [401, 403, 404] },
  { method: "get", path: "/api/payment/query/{tradeNo}", tag: "Payments", summary: "Payment status by trade number", access: "user", pathParams: { tradeNo: { schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), description: "The payment's trade number." } }, success: { status: 200, description: "The payment's status with its order's." }, errors: [401, 403, 404] },
  ...(["get", "post"] as const).map((method): RouteDoc => ({
    method, path: "/api/payment/notify/{provider}", tag: "Payments", summary: `Payment gateway callback (${method.toUpperCase()})`, access: "gateway",
    description: "Called by the gateway, verified by its signature. The answer is plain text for the gateway (`success` or `fail`); bad input is a 4xx `fail`.",
    pathParams: { provider: { schema: z.enum(NOTIFY_PROVIDERS as [NotifyProvider, ...NotifyProvider[]]), description: "The gateway." } },
    success: { status: 200, description: "`success` (or the gateway's own acknowledgement).", contentTypes: ["text/plain"] }, errors: [400, 404, 413],
  })),

  // [wallet] Only in the wallet edition: the base edition answers 404 on each.
  { method: "get", path: "/api/wallet/recharge/{id}", tag: "Wallet", summary: "One of the caller's recharge orders", access: "user", description: "Wallet edition only (404 otherwise). Amount, status, payment method and trade number, with its payment attempts.", pathParams: { id: uuid("The recharge order.") }, success: { status: 200, description: "The recharge order." }, errors: [401, 403, 404] },
  { method: "post", path: "/api/wallet/recharge/payment/create", tag: "Wallet", summary: "Start a gateway payment for one of the caller's pending recharge orders", access: "user", description: "Wallet edition only (404 otherwise). `provider=balance` is refused (400 recharge_balance_refused): a recharge is never paid from the balance.", body: { contentType: "application/json", schema: { name: "CreateRechargePaymentInput", schema: RechargePaymentInput } }, success: { status: 200, description: "The payment: trade number, amount and what to show (QR code, pay URL or USDT address)." }, errors: [400, 401, 403, 404, 409, 413, 415, 503] },
  { method: "get", path: "/api/wallet/recharge/query/{tradeNo}", tag: "Wallet", summary: "Payment status of a recharge by trade number", access: "user", description: "Wallet edition only (404 otherwise). While the attempt is open the gateway is asked too, so a lost callback still credits the balance (once).", pathParams: { tradeNo: { schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), description: "The payment's trade number." } }, success: { status: 200, description: "{ tradeNo, provider, paymentStatus, recharge }" }, errors: [401, 403, 404] },
  { method: "post", path: "/api/wallet/redeem-card", tag: "Wallet", summary: "Redeem a prepaid card", access: "user", description: "Wallet edition only (404 otherwise). A balance card credits the balance at once; a plan card activates its plan (a new subscription). Unknown, used and expired codes all answer 400 card_invalid. Wrong codes are limited per account (10 an hour) and per IP (30 an hour): 429 with Retry-After.", body: { contentType: "application/json", schema: { name: "RedeemCardInput", schema: RedeemCardInput } }, success: { status: 200, description: "{ kind: BALANCE, cardId, amountMinor, balanceMinor, currency } or { kind: PLAN, cardId, planId, planName, subscriptionId, orderId, orderNo }" }, errors: [400, 401, 403, 404, 409, 413, 415, 429] },

  {
    method: "get", path: "/api/referral", tag: "Referral", summary: "The caller's invite link, referral figures, invitees and payouts", access: "user",
    description: "Amounts in minor units. `availableMinor` = matured commission minus every payout not rejected; commission still in its holding period is `pendingMinor`. Invitees' emails are masked (first character and domain), 50 a page (`page`); payouts are the newest 50 and never carry the payout details.",
    query: z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().describe("Page of the invitees (50 a page).") }),
    success: { status: 200, description: "{ link, inviteCode, currency, terms: { ratePercent, firstOrderOnly, holdDays, minPayoutMinor }, earnedMinor, pendingMinor, availableMinor, requestedMinor, paidOutMinor, invitees: [{ email, registeredAt, earnedMinor }], inviteesTotal, page, payouts: [{ id, amountMinor, currency, method, status, reference, rejectReason, createdAt, decidedAt }], payoutsTotal }" },
    errors: [400, 401, 403],
  },
  {
    method: "post", path: "/api/referral/payouts", tag: "Referral", summary: "Ask for a payout of available referral commission", access: "user",
    description: "`amount` in minor units (1000 = 10.00), at least the referralMinPayout setting and at most what is available (409 referral_insufficient). `account` is stored encrypted and shown only to admins on the payout's detail. An admin marks it paid with a reference or rejects it with a reason (the amount is then available again).",
    body: { contentType: "application/json", schema: { name: "ReferralPayoutRequest", schema: PayoutRequestInput } },
    success: { status: 201, description: "{ id, amountMinor, currency, method, status: PENDING, createdAt, availableMinor }" },
    errors: [400, 401, 403, 409, 413, 415],
  },

  { method: "get", path: "/api/subscription/{id}", tag: "Subscriptions", summary: "Subscription content for client apps", access: "public", description: "Answered by the custom server before Next.js (the same pipeline as the Route Handler). The token in the query is the credential.", pathParams: { id: uuid("The subscription.") }, query: SubscriptionQuery, success: subscriptionContent, errors: [400, 403, 404, 406, 429] },
  { method: "get", path: "/api/subscription/all", tag: "Subscriptions", summary: "Every active subscription of one user, as one content", access: "public", description: "The user's aggregate token in the query is the credential.", query: SubscriptionQuery, success: subscriptionContent, errors: [400, 403, 404, 406, 429] },

  { method: "post", path: "/api/support/tickets", tag: "Support", summary: "Open a ticket (multipart, up to three images)", access: "user", description: "Same-origin only. Open to a risk-restricted account.", body: { contentType: "multipart/form-data", schema: { name: "CreateTicketForm", schema: CreateTicketForm }, files: ticketFiles }, success: { status: 201, description: "{ id }" }, errors: [400, 401, 403, 413, 415, 429] },
  { method: "post", path: "/api/support/tickets/{id}/replies", tag: "Support", summary: "Reply to one of the caller's tickets", access: "user", description: "Same-origin only. Open to a risk-restricted account.", pathParams: { id: { schema: ReplyInput.shape.ticketId, description: "The ticket." } }, body: { contentType: "multipart/form-data", schema: { name: "TicketReplyForm", schema: ReplyForm }, files: ticketFiles }, success: { status: 201, description: "The new message." }, errors: [400, 401, 403, 404, 409, 413, 415, 429] },
  { method: "get", path: "/api/support/attachments/{id}", tag: "Support", summary: "A ticket attachment (its owner or an admin)", access: "user", description: "Anyone else, signed in or not, gets 404. `download=1` sends it as a download.", pathParams: { id: uuid("The attachment.") }, query: z.object({ download: z.enum(["1"]).optional() }), success: { status: 200, description: "The image.", contentTypes: ["image/png", "image/jpeg", "image/gif", "image/webp", "application/octet-stream"] }, errors: [404] },

  { method: "get", path: "/api/admin/nodes", tag: "Admin", summary: "All nodes", access: "admin", permission: "nodes.read", success: { status: 200, description: "{ nodes[] }" }, errors: [401, 403] },
  { method: "get", path: "/api/admin/nodes/{id}/inbounds", tag: "Admin", summary: "A node's synced inbounds", access: "admin", permission: "nodes.read", pathParams: { id: uuid("The node.") }, success: { status: 200, description: "{ inbounds[] }" }, errors: [401, 403, 404] },
  { method: "post", path: "/api/admin/support/tickets/{id}/replies", tag: "Admin", summary: "Staff reply to a ticket", access: "admin", permission: "tickets.write", description: "Same-origin only.", pathParams: { id: { schema: ReplyInput.shape.ticketId, description: "The ticket." } }, body: { contentType: "multipart/form-data", schema: { name: "TicketReplyForm", schema: ReplyForm }, files: ticketFiles }, success: { status: 201, description: "The new message." }, errors: [400, 401, 403, 404, 409, 413, 415] },
  { method: "get", path: "/api/admin/export/audit-logs", tag: "Admin", summary: "Export the audit log (CSV or JSON), streamed", access: "admin", permission: "logs.read", query: AuditExportInput, success: { status: 200, description: "An attachment: every matching audit row, newest first.", contentTypes: ["text/csv", "application/json"] }, errors: [400, 401, 403] },
  {
    method: "get", path: "/api/admin/backup/database", tag: "Admin", summary: "Download the whole database as an SQL dump", access: "admin", permission: "backup.manage", description: "Audited; the dump is written to a temporary file and streamed.",
    success: { status: 200, description: "An attachment: the SQL dump.", contentTypes: ["application/sql"] }, errors: [401, 403],
  },
  { method: "get", path: "/api/admin/backup/files/{name}", tag: "Admin", summary: "Download one stored scheduled dump", access: "admin", permission: "backup.manage", pathParams: { name: { schema: z.string().regex(STORED_NAME), description: "The dump's exact file name." } }, success: { status: 200, description: "An attachment: the SQL dump.", contentTypes: ["application/sql"] }, errors: [401, 403, 404] },
  {
    method: "post", path: "/api/admin/backup/restore", tag: "Admin", summary: "Restore the database from an uploaded dump", access: "admin", permission: "backup.manage",
    description: `Same-origin only. The raw body is the dump (at most ${RESTORE_MAX_BYTES} bytes); only data statements for known tables are replayed, in one transaction. Every session is revoked.`,
    headers: [{ name: "x-relayboard-confirm", required: true, description: `The confirmation word, ${RESTORE_CONFIRM_WORD}.`, schema: RestoreInput.shape.confirm }],
    body: { contentType: "application/sql", schema: { name: "SqlDump", schema: z.string().describe("A dump written by GET /api/admin/backup/database or the CLI's backup.") } },
    success: { status: 200, description: "Rows restored per table, sessions revoked, and signInAgain: true." }, errors: [400, 401, 403, 409, 413],
  },
  { method: "get", path: "/api/admin/export/config", tag: "Admin", summary: "Export the configuration (secrets masked)", access: "admin", permission: "settings.read", success: { status: 200, description: "An attachment: settings, plans, nodes... without secrets." }, errors: [401, 403] },

  ...API_V1_ROUTES,
];

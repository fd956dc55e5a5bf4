// Where things happen, they are counted through these: each takes only values from fixed sets, so
// callers cannot put an id, a token or an address into a label by mistake.
import { metrics } from "./registry";
import { routePattern } from "./route-pattern";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request (the custom server's listener calls this for every request). */
export function countHttpRequest(method: string | undefined, rawPath: string, status: number, seconds: number): void {
  const m = metrics();
  const meth = method && METHODS.has(method) ? method : "other";
  const route = routePattern(rawPath);
  m.httpRequests.inc({ method: meth, route, status: String(status) });
  m.httpDuration.observe({ method: meth, route }, seconds);
}

/** A failed task attempt; `kind` must be a registered task kind (callers pass "unknown" otherwise). */
export function countTaskFailure(kind: string, final: boolean): void {
  metrics().taskFailures.inc({ kind, final: String(final) });
}

export type PaymentOutcome = "settled" | "duplicate" | "late" | "amount_mismatch" | "unknown_trade";
export function countPayment(provider: string, outcome: PaymentOutcome): void {
  metrics().payments.inc({ provider, outcome });
}

/** A content fetch: the format served or asked for ("unknown" when none could be picked) and its outcome. */
export function countSubscriptionFetch(format: string, outcome: string): void {
  metrics().subscriptionFetches.inc({ format, outcome });
}

/** Endpoints a freshly rendered document left out: `unreadable` ones (stream.ts), those the client's version cannot use, and the rest. */
export function countSkippedEndpoints(format: string, unreadable: number, other: number, clientVersion = 0): void {
  const m = metrics();
  if (unreadable) m.subscriptionSkippedEndpoints.inc({ format, cause: "unreadable" }, unreadable);
  if (other) m.subscriptionSkippedEndpoints.inc({ format, cause: "format" }, other);
  if (clientVersion) m.subscriptionSkippedEndpoints.inc({ format, cause: "client_version" }, clientVersion);
}

export function countNodeAccess(r: { processed: number; skipped: number; warnings: number; suspended: number }): void {
  const m = metrics();
  if (r.processed) m.nodeAccessEvents.inc({ result: "processed" }, r.processed);
  if (r.skipped) m.nodeAccessEvents.inc({ result: "skipped" }, r.skipped);
  if (r.warnings) m.nodeAccessActions.inc({ action: "warning" }, r.warnings);
  if (r.suspended) m.nodeAccessActions.inc({ action: "suspended" }, r.suspended);
}

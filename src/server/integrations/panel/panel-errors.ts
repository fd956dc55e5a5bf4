// 3x-ui answers HTTP 200 with {success:false,msg} for every handler error (protocols.md §1.1), so the
// only signal is the msg text. This file turns those texts and transport failures into DomainErrors.
import type { ErrorReason } from "../../error-reasons";
import { DomainError, isDomainError } from "../../errors";

/** What the failing call was doing; the same panel text means different things per operation. */
export type PanelOp = "login" | "inbound" | "add" | "update" | "delete" | "traffic" | "reset" | "other";

/** Go's fmt.Sprintln appends "\n" to common.NewError texts; drop it for display and matching. */
export function cleanPanelMsg(msg: string): string {
  return msg.replace(/\n(?=\))/g, "").replace(/\s+$/, "").trim();
}

/** Every reason a panel failure carries (here, in the transports and in the API clients). */
export const PANEL_REASONS = [
  "panel_bad_credentials", "panel_bad_token", "panel_not_found", "panel_bad_response", "panel_http_status", "panel_duplicate_email",
  "panel_unknown_inbound", "panel_unknown_client", "panel_empty_client_id", "panel_last_client", "panel_error", "panel_session_rejected",
  "panel_unsupported", "panel_token_required", "panel_timeout", "panel_tls_untrusted", "panel_unreachable",
] as const satisfies readonly ErrorReason[];
export type PanelReason = (typeof PANEL_REASONS)[number];

/**
 * True for errors that describe the panel (its answers, its reachability); false for everything else
 * (our database, a bug in our code), which callers must not report as a panel problem.
 */
export function isPanelError(err: unknown): err is DomainError & { details: { reason: PanelReason } } {
  return isDomainError(err) && (PANEL_REASONS as readonly string[]).includes(String(err.details?.reason));
}

export const badCredentials = (): DomainError => new DomainError("UNAVAILABLE", "panel_bad_credentials");
export const badToken = (): DomainError => new DomainError("UNAVAILABLE", "panel_bad_token");
/** `path`: the panel route that answered 404 (shown to the admin, who compares it with the panel's base path). */
export const panelNotFound = (path: string): DomainError => new DomainError("UNAVAILABLE", "panel_not_found", { path });
export const badResponse = (detail: string): DomainError => new DomainError("UNAVAILABLE", "panel_bad_response", { detail });

/** Map a {success:false} msg to a domain error. `email` is echoed in details for the caller's logs. */
export function panelMessageError(rawMsg: string, op: PanelOp, email?: string): DomainError {
  const msg = cleanPanelMsg(rawMsg);
  const dup = /Duplicate email:\s*(.+?)\)?$/i.exec(msg);
  if (dup) return new DomainError("CONFLICT", "panel_duplicate_email", { email: dup[1] });
  if (/record not found/i.test(msg)) return new DomainError("NOT_FOUND", "panel_unknown_inbound");
  if (/not found for email|client not found|email not found/i.test(msg)) return new DomainError("NOT_FOUND", "panel_unknown_client", { email });
  if (/empty client ID/i.test(msg)) {
    // On update/delete the server could not find :clientId; on add our client lacked its ID field.
    return op === "add" ? new DomainError("VALIDATION", "panel_empty_client_id") : new DomainError("NOT_FOUND", "panel_unknown_client", { email });
  }
  if (/no client remained/i.test(msg)) return new DomainError("CONFLICT", "panel_last_client");
  if (op === "login" && /invalid username or password|is required/i.test(msg)) return badCredentials();
  // The panel's own words are the best detail we have; they stay untranslated inside our sentence.
  return new DomainError("UNAVAILABLE", "panel_error", { panelMessage: msg || "-" });
}

/** Node's TLS verification failures (OpenSSL X509 codes and the host name check). */
const TLS_UNTRUSTED_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Whether a request failure is the network's: fetch() reports those as TypeError("fetch failed") with
 * the socket error as `cause` (insecure-fetch.ts does the same), timeouts as TimeoutError/AbortError,
 * and a body cut off mid-read with an errno `code`. Anything else thrown while making a request
 * (an invalid header value, a bug of ours) is not the panel's fault and must not read "unreachable".
 */
export function isTransportFailure(e: unknown): boolean {
  if (isDomainError(e)) return true;
  if (typeof e !== "object" || e === null) return false;
  const o = e as { name?: unknown; cause?: unknown; code?: unknown };
  return o.name === "TimeoutError" || o.name === "AbortError" || o.cause !== undefined || typeof o.code === "string";
}

/** fetch() rejections: our timeout, or the socket never opening (refused, DNS, reset). */
export function transportError(e: unknown, timeoutMs: number): DomainError {
  if (e instanceof DomainError) return e;
  const name = (e as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new DomainError("UNAVAILABLE", "panel_timeout", { seconds: Math.round(timeoutMs / 10) / 100 });
  }
  const cause = (e as { cause?: { code?: string } } | null)?.cause;
  if (cause?.code && TLS_UNTRUSTED_CODES.has(cause.code)) {
    // The socket opened but we refused the certificate: say so, or admins chase firewalls for nothing.
    return new DomainError("UNAVAILABLE", "panel_tls_untrusted", { errno: cause.code });
  }
  return new DomainError("UNAVAILABLE", "panel_unreachable", cause?.code ? { errno: cause.code } : {});
}

// Typed domain errors. Services throw these; each transport (HTTP, Server Action, CLI) maps them once.
// An error names a stable reason (src/server/error-reasons.ts) and the parameters of its sentence;
// the sentence itself lives in the message catalogue, so each transport can say it in the caller's
// language. `message` is the English sentence, for logs and for programs that ignore `reason`.
import { type ErrorReason, type FieldCode } from "./error-reasons";
import { errorText } from "./i18n/error-text";

export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "NOT_ACCEPTABLE"
  | "RATE_LIMITED"
  | "METHOD_NOT_ALLOWED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNAVAILABLE";

export const httpStatusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_ACCEPTABLE: 406,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** Safe, displayable detail: the sentence's parameters, field problems... Never secrets. */
export interface ErrorDetails {
  /** field -> problem code; each code's parameters under fieldParams[field]. */
  fields?: Record<string, FieldCode>;
  fieldParams?: Record<string, Record<string, string | number>>;
  [param: string]: unknown;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly reason: ErrorReason;
  /** Always holds `reason` too: the transports send details, and clients read the reason there. */
  readonly details: ErrorDetails & { reason: ErrorReason };
  constructor(code: ErrorCode, reason: ErrorReason, details: ErrorDetails = {}) {
    super(errorText("en", reason, details) ?? reason);
    this.name = "DomainError";
    this.code = code;
    this.reason = reason;
    this.details = { ...details, reason };
  }
}

export const validationError = (reason: ErrorReason, details?: ErrorDetails) => new DomainError("VALIDATION", reason, details);
export const unauthenticated = (reason: ErrorReason = "login_required") => new DomainError("UNAUTHENTICATED", reason);
export const forbidden = (reason: ErrorReason = "forbidden", details?: ErrorDetails) => new DomainError("FORBIDDEN", reason, details);
export const notFound = (what: "node" | "inbound" | "user" | "session") => new DomainError("NOT_FOUND", `${what}_not_found`);
export const conflict = (reason: ErrorReason, details?: ErrorDetails) => new DomainError("CONFLICT", reason, details);
export const unavailable = (reason: ErrorReason, details?: ErrorDetails) => new DomainError("UNAVAILABLE", reason, details);
export const rateLimited = (retryAfterSeconds: number) => new DomainError("RATE_LIMITED", "rate_limited", { retryAfterSeconds });

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError || (typeof e === "object" && e !== null && (e as { name?: string }).name === "DomainError" && "code" in e);
}

// Typed domain errors. Services throw these; each transport (HTTP, Server Action, CLI) maps them once.
export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
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
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Safe, user-displayable detail (field errors, retry-after seconds...). Never secrets. */
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) =>
  new DomainError("VALIDATION", message, details);
export const unauthenticated = (message = "Please log in first") => new DomainError("UNAUTHENTICATED", message, { reason: "login_required" });
export const forbidden = (message = "You are not allowed to do this", reason = "forbidden") => new DomainError("FORBIDDEN", message, { reason });
export const notFound = (what = "Resource") => new DomainError("NOT_FOUND", `${what} not found`, { reason: "not_found", what });
export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError("CONFLICT", message, details);
export const unavailable = (message: string, details?: Record<string, unknown>) =>
  new DomainError("UNAVAILABLE", message, details);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError("RATE_LIMITED", `Too many requests, retry in ${retryAfterSeconds} s`, { retryAfterSeconds });

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError || (typeof e === "object" && e !== null && (e as { name?: string }).name === "DomainError" && "code" in e);
}

// The one HTTP error mapper: { "error": { "code", "message", "details" } } with the matching status.
// `message` is in the caller's language; `code` and `details.reason` are stable for programs.
import { NextResponse } from "next/server";
import { httpStatusOf, isDomainError } from "../errors";
import { describeError } from "../describe-error";
import { localizeError, type Locale } from "../i18n/error-text";
import { errorBody, internalErrorBody } from "./error-body";
import { log } from "../logger";

// The bodies live in error-body.ts, which does not import Next: the custom server uses them too.
export { errorBody, internalErrorBody } from "./error-body";

export function errorResponse(err: unknown, requestId: string | undefined, locale: Locale): NextResponse {
  if (isDomainError(err)) {
    const e = localizeError({ code: err.code, message: err.message, details: err.details }, locale);
    const res = NextResponse.json(errorBody(e.code, e.message, e.details), { status: httpStatusOf[err.code] });
    const retry = err.details?.retryAfterSeconds;
    if (err.code === "RATE_LIMITED" && typeof retry === "number") res.headers.set("retry-after", String(retry));
    return res;
  }
  // describeError: driver errors as code + constraint + table, never the statement's parameters.
  log.error("unhandled error", { requestId, error: describeError(err, { stack: true }) });
  return NextResponse.json(internalErrorBody(locale, requestId), { status: 500 });
}

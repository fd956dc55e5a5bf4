// The one HTTP error mapper: { "error": { "code", "message" } } with the matching status.
import { NextResponse } from "next/server";
import { httpStatusOf, isDomainError } from "../errors";
import { describeError } from "../describe-error";
import { log } from "../logger";

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

export function errorResponse(err: unknown, requestId?: string): NextResponse {
  if (isDomainError(err)) {
    const res = NextResponse.json(errorBody(err.code, err.message, err.details), { status: httpStatusOf[err.code] });
    const retry = err.details?.retryAfterSeconds;
    if (err.code === "RATE_LIMITED" && typeof retry === "number") res.headers.set("retry-after", String(retry));
    return res;
  }
  // describeError: driver errors as code + constraint + table, never the statement's parameters.
  log.error("unhandled error", { requestId, error: describeError(err, { stack: true }) });
  return NextResponse.json(errorBody("INTERNAL", `Something went wrong. Reference: ${requestId ?? "n/a"}`), { status: 500 });
}

// The one HTTP error mapper: { "error": { "code", "message" } } with the matching status.
import { NextResponse } from "next/server";
import { httpStatusOf, isDomainError } from "../errors";
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
  log.error("unhandled error", { requestId, error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  return NextResponse.json(errorBody("INTERNAL", `Something went wrong. Reference: ${requestId ?? "n/a"}`), { status: 500 });
}

// The API's error body, without any Next.js import: the custom server (subscription content) builds
// the same bodies as the route handlers, and loading next/server in that process before Next has set
// up its AsyncLocalStorage throws at start-up.
import { errorText, type Locale } from "../i18n/error-text";

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

/** The body of an unexpected failure: no cause, only the reference to find it in the log. */
export function internalErrorBody(locale: Locale, requestId: string | undefined) {
  const ref = requestId ?? "n/a";
  return errorBody("INTERNAL", errorText(locale, "internal", { ref }) ?? `Reference: ${ref}`, { reason: "internal", ref });
}

// The error body every JSON endpoint answers with (src/server/http/error-body.ts), as a zod schema
// so the document shows it and a test checks that the real bodies match it.
import { z } from "zod";
import { httpStatusOf, type ErrorCode } from "../errors";

const CODES = [...(Object.keys(httpStatusOf) as ErrorCode[]), "INTERNAL"] as const;

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(CODES),
    /** In the caller's language (cookie, then Accept-Language); programs read `code` and `details.reason`. */
    message: z.string(),
    details: z
      .object({
        reason: z.string().optional(),
        fields: z.record(z.string(), z.string()).optional(),
        fieldParams: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))).optional(),
        retryAfterSeconds: z.number().optional(),
        ref: z.string().optional(),
      })
      .catchall(z.unknown())
      .optional(),
  }),
});

/** The error statuses a route may document, each a reusable response in components.responses. */
export const ERROR_RESPONSES = {
  400: { name: "BadRequest", description: "The input is invalid (VALIDATION): `details.fields` names each field's problem." },
  401: { name: "Unauthenticated", description: "No valid credentials (UNAUTHENTICATED)." },
  403: { name: "Forbidden", description: "The caller may not do this (FORBIDDEN): wrong role, risk-restricted account, cross-origin upload..." },
  404: { name: "NotFound", description: "No such object, or not the caller's (NOT_FOUND)." },
  405: { name: "MethodNotAllowed", description: "The method is not served here (METHOD_NOT_ALLOWED)." },
  406: { name: "NotAcceptable", description: "Nothing in the asked form can be given (NOT_ACCEPTABLE): a subscription format that can carry none of its servers; `details.reasons` says why." },
  409: { name: "Conflict", description: "The request conflicts with the current state (CONFLICT)." },
  413: { name: "PayloadTooLarge", description: "The body or a batch is over its limit (PAYLOAD_TOO_LARGE)." },
  415: { name: "UnsupportedMediaType", description: "The body's content type is not accepted (UNSUPPORTED_MEDIA_TYPE)." },
  429: { name: "RateLimited", description: "Too many requests (RATE_LIMITED); `Retry-After` says when to try again." },
  503: { name: "Unavailable", description: "A dependency is not configured or not reachable (UNAVAILABLE)." },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

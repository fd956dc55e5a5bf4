// The Server Action transport: build the caller's context, run one verb, map errors to a
// displayable { ok: false, error } in the caller's language (never a stack trace), and refresh the
// affected pages.
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { refuseWhileRiskRestricted, type RestrictionOptions } from "../auth/risk-restriction";
import { requestCtx } from "../auth/session";
import type { Ctx } from "../context";
import { isDomainError, type ErrorCode } from "../errors";
import { markActionReached } from "../http/action-scope";
import { localeOfHeaders } from "../http/request-meta";
import { internalErrorBody } from "../http/respond";
import { localizeError } from "../i18n/error-text";
import { describeError } from "../describe-error";
import { log } from "../logger";

export type ActionError = { code: ErrorCode | "INTERNAL"; message: string; details?: Record<string, unknown> };
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export interface RunActionOptions extends RestrictionOptions {
  revalidate?: string[];
}

export async function runAction<T>(fn: (ctx: Ctx) => Promise<T>, opts: RunActionOptions = {}): Promise<ActionResult<T>> {
  markActionReached();
  let ctx: Ctx | undefined;
  try {
    ctx = await requestCtx();
    refuseWhileRiskRestricted(ctx, opts);
    const data = await fn(ctx);
    for (const p of opts.revalidate ?? []) revalidatePath(p);
    return { ok: true, data };
  } catch (err) {
    // The caller's language: from the context, or (when building it failed) from the request itself.
    const locale = ctx?.locale ?? localeOfHeaders(await headers());
    if (isDomainError(err)) return { ok: false, error: localizeError({ code: err.code, message: err.message, details: err.details }, locale) };
    // describeError: driver errors as code + constraint + table, never the statement's parameters.
    log.error("action failed", { requestId: ctx?.requestId, error: describeError(err, { stack: true }) });
    return { ok: false, error: internalErrorBody(locale, ctx?.requestId).error as ActionError };
  }
}

/** FormData to a plain object for zod: repeated keys become arrays, checkboxes "on" stay strings. */
export function formToObject(fd: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of fd.entries()) {
    if (k.startsWith("$ACTION")) continue; // React's own action bookkeeping fields
    out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : v;
  }
  return out;
}

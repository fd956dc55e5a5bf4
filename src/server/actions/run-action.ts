// The Server Action transport: build the caller's context, parse the whole argument list with the
// action's schema (./args.ts), run one verb, map errors to a displayable { ok: false, error } in the
// caller's language (never a stack trace), and refresh the affected pages.
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { z } from "zod";
import type { Permission } from "../auth/permissions";
import { refuseWhileRiskRestricted, type RestrictionOptions } from "../auth/risk-restriction";
import { requestCtx } from "../auth/session";
import { requireAdmin, type Ctx } from "../context";
import { isDomainError, validationError, type ErrorCode } from "../errors";
import { markActionReached } from "../http/action-scope";
import { localeOfHeaders } from "../http/request-meta";
import { internalErrorBody } from "../http/respond";
import { localizeError } from "../i18n/error-text";
import { describeError } from "../describe-error";
import { log } from "../logger";
import { fieldProblems } from "../validation";
import type { ArgList } from "./args";

export type ActionError = { code: ErrorCode | "INTERNAL"; message: string; details?: Record<string, unknown> };
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export interface RunActionOptions<A = unknown> extends RestrictionOptions {
  /** Pages to refresh after success; a function of the parsed arguments when they name the page. */
  revalidate?: string[] | ((args: A) => string[]);
  /** An admin action and the staff permission it needs: anyone else is refused (FORBIDDEN) before the arguments are read. */
  permission?: Permission;
}

/**
 * The arguments as the action's schema reads them, or a VALIDATION error naming each wrong one: an
 * argument by its name, a field of an object argument by the field's name (what the forms show).
 */
function parseArgs<S extends z.ZodType>(list: ArgList<S>, given: unknown[]): z.output<S> {
  // A missing argument is reported by its name ("required"), as an absent form field is.
  const padded = given.length < list.names.length ? Array.from(list.names, (_, i) => given[i]) : given;
  const r = list.schema.safeParse(padded);
  if (r.success) return r.data;
  const keyOf = (path: PropertyKey[]) => {
    const [index, ...rest] = path;
    if (typeof index !== "number") return "arguments"; // too many
    return rest.length ? rest.join(".") : (list.names[index] ?? "arguments");
  };
  throw validationError("invalid_input", fieldProblems(r.error.issues, padded, "arguments", keyOf));
}

export async function runAction<S extends z.ZodType, T>(
  list: ArgList<S>,
  given: unknown[],
  fn: (ctx: Ctx, args: z.output<S>) => Promise<T>,
  opts: RunActionOptions<z.output<S>> = {},
): Promise<ActionResult<T>> {
  markActionReached();
  let ctx: Ctx | undefined;
  try {
    ctx = await requestCtx();
    refuseWhileRiskRestricted(ctx, opts);
    if (opts.permission) requireAdmin(ctx, opts.permission);
    const parsed = parseArgs(list, given);
    const data = await fn(ctx, parsed);
    const pages = typeof opts.revalidate === "function" ? opts.revalidate(parsed) : (opts.revalidate ?? []);
    for (const p of pages) revalidatePath(p);
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

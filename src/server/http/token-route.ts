// Route Handler wrapper for /api/v1/* (integrations, by API token). In this order: the client IP's
// failure budget is counted, the Bearer token resolved (one indexed lookup), the token's rate limit
// checked, the route's scope checked — and only then may the handler read a body (capped). Errors go
// through the one mapper. Every call that got past the rate limit leaves one audit row (api.v1.call:
// method, route pattern, status) naming the token; a refused token or a rate-limited call does not,
// so neither a stranger nor a looping script can fill the log.
import { NextResponse } from "next/server";
import { makeCtx, requireAdmin, type Ctx } from "../context";
import { getDb } from "../db/client";
import { describeError } from "../describe-error";
import { isDomainError } from "../errors";
import { log } from "../logger";
import { beginApiTokenCheck, limitApiToken } from "../rate-limit/policies";
import { authenticateApiToken } from "../services/api-tokens/authenticate";
import { SCOPE_PERMISSION, type ApiScope } from "../services/api-tokens/scopes";
import { recordAudit } from "../services/audit";
import { API_V1_MAX_BODY_BYTES } from "./api-v1/inputs";
import { readJson } from "./read-json";
import { errorResponse } from "./respond";
import { localeOfHeaders, requestMeta } from "./request-meta";

type Handler<P> = (args: { req: Request; ctx: Ctx; params: P; query: Record<string, string>; body: () => Promise<unknown> }) => Promise<unknown>;

export interface TokenRouteOptions {
  /** The success status (201 for a creation). */
  status?: number;
}

/**
 * `scope` is checked here so a token without it is refused before its body is read; the verb the
 * handler calls checks it again (requireAdmin(ctx, scope)), so no transport can skip it.
 */
export function tokenRoute<P extends Record<string, string> = Record<string, string>>(scope: ApiScope, handler: Handler<P>, opts: TokenRouteOptions = {}) {
  return async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    const meta = requestMeta(req.headers);
    const locale = localeOfHeaders(req.headers);
    const params = ((await context?.params) ?? {}) as P;
    let ctx: Ctx | undefined;
    let res: Response;
    try {
      const db = getDb();
      const giveBack = await beginApiTokenCheck(meta.ip);
      const actor = await authenticateApiToken(db, req.headers.get("authorization"));
      await giveBack();
      await limitApiToken(actor.tokenId!);
      ctx = makeCtx(db, actor, { ...meta, locale });
      requireAdmin(ctx, SCOPE_PERMISSION[scope], scope);
      const query = Object.fromEntries(new URL(req.url).searchParams);
      const result = await handler({ req, ctx, params, query, body: () => readJson(req, API_V1_MAX_BODY_BYTES) });
      res = result instanceof Response ? result : NextResponse.json(result, { status: opts.status ?? 200 });
    } catch (err) {
      res = errorResponse(err, meta.requestId, locale);
      const challenge = challengeOf(err);
      if (challenge) res.headers.set("www-authenticate", challenge);
      res.headers.set("cache-control", "no-store");
      if (ctx) await auditCall(ctx, req, params, res.status, isDomainError(err) ? err.reason : "internal");
      return res;
    }
    // Account data: no shared cache may keep it.
    res.headers.set("cache-control", "no-store");
    await auditCall(ctx, req, params, res.status);
    return res;
  };
}

/** RFC 6750: which scheme we expect, and which scope was missing. */
function challengeOf(err: unknown): string | undefined {
  if (!isDomainError(err)) return undefined;
  if (err.code === "UNAUTHENTICATED") return 'Bearer realm="relayboard-api"';
  if (err.reason === "token_scope_required") return `Bearer realm="relayboard-api", error="insufficient_scope", scope="${String(err.details.scope)}"`;
  return undefined;
}

/** The path with each dynamic segment named as the route declares it: `/api/v1/users/{id}`, never an id. */
export function routePatternOf(url: string, params: Record<string, string>): string {
  const byValue = new Map(Object.entries(params).map(([k, v]) => [v, k]));
  return new URL(url).pathname
    .split("/")
    .map((seg) => {
      const name = byValue.get(safeDecode(seg));
      return name ? `{${name}}` : seg;
    })
    .join("/");
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Its own statement after the call: a write's own audit row committed with the change already; this
 * one records that the call happened and how it ended. A failure to write it is logged, and the
 * answer (already decided) still goes out.
 */
async function auditCall(ctx: Ctx, req: Request, params: Record<string, string>, status: number, reason?: string): Promise<void> {
  const metadata = { method: req.method, route: routePatternOf(req.url, params), status, ...(reason ? { reason } : {}) };
  try {
    await recordAudit(ctx, { action: "api.v1.call", targetType: "api_token", targetId: ctx.actor.tokenId, metadata });
  } catch (err) {
    log.error("api call not audited", { requestId: ctx.requestId, integration: ctx.actor.tokenId, ...metadata, error: describeError(err) });
  }
}

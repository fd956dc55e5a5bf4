// Route Handler wrapper: builds the context, checks the caller kind, maps errors once.
import { NextResponse } from "next/server";
import { requireAdmin, requireUser, type Ctx } from "../context";
import { refuseWhileRiskRestricted, type RestrictionOptions } from "../auth/risk-restriction";
import { requestCtx } from "../auth/session";
import { errorResponse } from "./respond";
import { localeOfHeaders } from "./request-meta";

type Caller = "anonymous" | "user" | "admin";
type Handler<P> = (args: { req: Request; ctx: Ctx; params: P }) => Promise<Response | unknown>;

/**
 * Routes open to signed-in callers refuse a risk-restricted account unless marked
 * `allowWhileRestricted`; anonymous routes serve everyone alike, so the account plays no part there.
 */
export function route<P = Record<string, string>>(caller: Caller, handler: Handler<P>, opts: RestrictionOptions = {}) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    let ctx: Ctx | undefined;
    try {
      ctx = await requestCtx();
      if (caller === "user") requireUser(ctx);
      if (caller === "admin") requireAdmin(ctx);
      if (caller !== "anonymous") refuseWhileRiskRestricted(ctx, opts);
      const result = await handler({ req, ctx, params: (await context?.params) ?? ({} as P) });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (err) {
      return errorResponse(err, ctx?.requestId, ctx?.locale ?? localeOfHeaders(req.headers));
    }
  };
}

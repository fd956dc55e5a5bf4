// Route Handler wrapper: builds the context, checks the caller kind, maps errors once.
import { NextResponse } from "next/server";
import { requireAdmin, requireUser, type Ctx } from "../context";
import { refuseWhileRiskRestricted, type RestrictionOptions } from "../auth/risk-restriction";
import { requestCtx } from "../auth/session";
import type { Permission } from "../auth/permissions";
import { forbidden } from "../errors";
import { requireWalletEdition } from "../services/wallet/edition";
import { errorResponse } from "./respond";
import { localeOfHeaders } from "./request-meta";

type Caller = "anonymous" | "user" | "admin";
type Handler<P> = (args: { req: Request; ctx: Ctx; params: P }) => Promise<Response | unknown>;

export interface RouteOptions extends RestrictionOptions {
  /**
   * [wallet] The route exists only in the wallet edition: in the base edition every caller, signed in
   * or not, gets the 404 of a path that is not there (checked before the caller is).
   */
  walletOnly?: boolean;
  /** An admin route: the staff permission it needs, checked before the handler reads anything (the verb checks again). */
  permission?: Permission;
}

/**
 * Routes open to signed-in callers refuse a risk-restricted account unless marked
 * `allowWhileRestricted`; anonymous routes serve everyone alike, so the account plays no part there.
 */
export function route<P = Record<string, string>>(caller: Caller, handler: Handler<P>, opts: RouteOptions = {}) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    let ctx: Ctx | undefined;
    try {
      if (opts.walletOnly) requireWalletEdition();
      ctx = await requestCtx();
      if (caller === "user") requireUser(ctx);
      if (caller === "admin") {
        // Fail closed: an admin route that forgot to name its permission is refused to every person.
        if (!opts.permission) throw forbidden("permission_required", { permission: "unnamed" });
        requireAdmin(ctx, opts.permission);
      }
      if (caller !== "anonymous") refuseWhileRiskRestricted(ctx, opts);
      const result = await handler({ req, ctx, params: (await context?.params) ?? ({} as P) });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (err) {
      return errorResponse(err, ctx?.requestId, ctx?.locale ?? localeOfHeaders(req.headers));
    }
  };
}

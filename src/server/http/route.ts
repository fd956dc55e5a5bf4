// Route Handler wrapper: builds the context, checks the caller kind, maps errors once.
import { NextResponse } from "next/server";
import { requireAdmin, requireUser, type Ctx } from "../context";
import { requestCtx } from "../auth/session";
import { errorResponse } from "./respond";
import { localeOfHeaders } from "./request-meta";

type Caller = "anonymous" | "user" | "admin";
type Handler<P> = (args: { req: Request; ctx: Ctx; params: P }) => Promise<Response | unknown>;

export function route<P = Record<string, string>>(caller: Caller, handler: Handler<P>) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    let ctx: Ctx | undefined;
    try {
      ctx = await requestCtx();
      if (caller === "user") requireUser(ctx);
      if (caller === "admin") requireAdmin(ctx);
      const result = await handler({ req, ctx, params: (await context?.params) ?? ({} as P) });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (err) {
      return errorResponse(err, ctx?.requestId, ctx?.locale ?? localeOfHeaders(req.headers));
    }
  };
}

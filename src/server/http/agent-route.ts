// Route Handler wrapper for /api/agent/*: the bearer token is resolved to its node (one indexed
// lookup) and the node's rate limit checked before the body is read, so neither an unauthenticated
// caller nor a runaway agent can make us parse 64 KiB per request.
import { NextResponse } from "next/server";
import { makeCtx, type Ctx } from "../context";
import { getDb } from "../db/client";
import { isDomainError } from "../errors";
import { limitAgent } from "../rate-limit/policies";
import { resolveAgentNode } from "../services/telemetry/agent-token";
import { errorResponse } from "./respond";
import { localeOfHeaders, requestMeta } from "./request-meta";

type AgentHandler = (args: { req: Request; ctx: Ctx }) => Promise<Response | unknown>;

export function agentRoute(handler: AgentHandler) {
  return async (req: Request): Promise<Response> => {
    const meta = requestMeta(req.headers);
    try {
      const db = getDb();
      const nodeId = await resolveAgentNode(db, req.headers.get("authorization"));
      await limitAgent(nodeId);
      const ctx = makeCtx(db, { kind: "agent", nodeId }, meta);
      const result = await handler({ req, ctx });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (err) {
      const res = errorResponse(err, meta.requestId, localeOfHeaders(req.headers));
      // RFC 6750: tell a misconfigured agent which scheme we expect.
      if (isDomainError(err) && err.code === "UNAUTHENTICATED") res.headers.set("www-authenticate", 'Bearer realm="relayboard-agent"');
      return res;
    }
  };
}

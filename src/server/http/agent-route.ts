// Route Handler wrapper for /api/agent/*: the bearer token is resolved to its node (one indexed
// lookup) and the node's rate limit checked before the body is read, so neither an unauthenticated
// caller nor a runaway agent can make us parse 64 KiB per request. A batch that carries an
// Idempotency-Key is answered once per key (services/telemetry/agent-batches.ts); every accepted
// report then moves the node's last-report times and agent version in one UPDATE.
import { NextResponse } from "next/server";
import { makeCtx, type Ctx } from "../context";
import { getDb } from "../db/client";
import type { AgentReportKind } from "../db/schema";
import { describeError } from "../describe-error";
import { isDomainError } from "../errors";
import { log } from "../logger";
import { limitAgent } from "../rate-limit/policies";
import { agentVersionOf, answerBatchOnce, batchKeyOf, recordAgentReport } from "../services/telemetry";
import { resolveAgentNode } from "../services/telemetry/agent-token";
import { readJson } from "./read-json";
import { errorResponse } from "./respond";
import { localeOfHeaders, requestMeta } from "./request-meta";

type AgentVerb = (ctx: Ctx, body: unknown) => Promise<unknown>;

export interface AgentRouteOptions {
  maxBodyBytes: number;
  /** The agent's version as the body states it, for agents whose User-Agent does not. */
  versionInBody?: (body: unknown) => string | null;
}

export function agentRoute(kind: AgentReportKind, verb: AgentVerb, opts: AgentRouteOptions) {
  return async (req: Request): Promise<Response> => {
    const meta = requestMeta(req.headers);
    try {
      const db = getDb();
      const nodeId = await resolveAgentNode(db, req.headers.get("authorization"));
      await limitAgent(nodeId);
      const key = batchKeyOf(req.headers.get("idempotency-key"));
      // Read before any transaction opens: a slow upload must not hold a pooled connection.
      const body = await readJson(req, opts.maxBodyBytes);
      const ctx = makeCtx(db, { kind: "agent", nodeId }, meta);
      const version = agentVersionOf(req.headers.get("user-agent")) ?? opts.versionInBody?.(body) ?? null;
      if (key) {
        const { answer, replayed } = await answerBatchOnce(ctx, { kind, key, version }, (tx) => verb(tx, body));
        return NextResponse.json(answer, replayed ? { headers: { "idempotent-replayed": "true" } } : undefined);
      }
      // Older agents send no key: processed as before, without the once-only guarantee.
      const answer = await verb(ctx, body);
      // The report is stored already; failing the answer now would only make the agent send it again.
      await recordAgentReport(db, { nodeId, kind, version, at: ctx.now() }).catch((err: unknown) =>
        log.error("agent report time not recorded", { requestId: meta.requestId, nodeId, kind, error: describeError(err) }),
      );
      return NextResponse.json(answer);
    } catch (err) {
      const res = errorResponse(err, meta.requestId, localeOfHeaders(req.headers));
      // RFC 6750: tell a misconfigured agent which scheme we expect.
      if (isDomainError(err) && err.code === "UNAUTHENTICATED") res.headers.set("www-authenticate", 'Bearer realm="relayboard-agent"');
      if (isDomainError(err) && err.reason === "agent_batch_in_progress") res.headers.set("retry-after", "1");
      return res;
    }
  };
}

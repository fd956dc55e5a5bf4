import { agentRoute } from "@/server/http/agent-route";
import { readJson } from "@/server/http/read-json";
import { MAX_AGENT_BODY_BYTES, reportLatency } from "@/server/services/telemetry";

export const POST = agentRoute(async ({ req, ctx }) => reportLatency(ctx, await readJson(req, MAX_AGENT_BODY_BYTES)));

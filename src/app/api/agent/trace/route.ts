import { agentRoute } from "@/server/http/agent-route";
import { readJson } from "@/server/http/read-json";
import { MAX_AGENT_BODY_BYTES, reportTraces } from "@/server/services/telemetry";

export const POST = agentRoute(async ({ req, ctx }) => reportTraces(ctx, await readJson(req, MAX_AGENT_BODY_BYTES)));

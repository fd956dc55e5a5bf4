import { agentRoute } from "@/server/http/agent-route";
import { readJson } from "@/server/http/read-json";
import { MAX_NODE_ACCESS_BODY_BYTES, reportNodeAccess } from "@/server/services/risk";

export const POST = agentRoute(async ({ req, ctx }) => reportNodeAccess(ctx, await readJson(req, MAX_NODE_ACCESS_BODY_BYTES)));

import { agentRoute } from "@/server/http/agent-route";
import { MAX_NODE_ACCESS_BODY_BYTES, reportNodeAccess } from "@/server/services/risk";

export const POST = agentRoute("access", reportNodeAccess, { maxBodyBytes: MAX_NODE_ACCESS_BODY_BYTES });

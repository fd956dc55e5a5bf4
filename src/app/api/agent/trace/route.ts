import { agentRoute } from "@/server/http/agent-route";
import { MAX_AGENT_BODY_BYTES, reportTraces } from "@/server/services/telemetry";

export const POST = agentRoute("trace", reportTraces, { maxBodyBytes: MAX_AGENT_BODY_BYTES });

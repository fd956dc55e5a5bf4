import { agentRoute } from "@/server/http/agent-route";
import { MAX_AGENT_BODY_BYTES, reportLatency } from "@/server/services/telemetry";

export const POST = agentRoute("latency", reportLatency, { maxBodyBytes: MAX_AGENT_BODY_BYTES });

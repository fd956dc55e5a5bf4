import { agentRoute } from "@/server/http/agent-route";
import { agentVersionInMetrics, MAX_METRICS_BODY_BYTES, reportMetrics } from "@/server/services/telemetry";

export const POST = agentRoute("metrics", reportMetrics, { maxBodyBytes: MAX_METRICS_BODY_BYTES, versionInBody: agentVersionInMetrics });

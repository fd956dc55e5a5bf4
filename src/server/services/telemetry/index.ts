// Telemetry: agent latency and route reports, route classification, and the public/user reads.
export { hashAgentToken, newAgentToken, isAgentTokenShape, resolveAgentNode, AGENT_TOKEN_PREFIX } from "./agent-token";
export { assertTelemetryReadable, requireAgentNode } from "./access";
export { classifyRoute, tokenize, ROUTE_LABELS, type RouteLabel } from "./classify-route";
export { normalizeHops, parseAsns, hopCountOf, MAX_HOPS } from "./normalize-hops";
export * from "./inputs";
export { reportLatency, type LatencyReportResult } from "./report-latency";
export { reportTraces, type TraceReportResult } from "./report-traces";
export { agentVersionOf, plainAgentVersion, recordAgentReport, MAX_AGENT_VERSION_CHARS } from "./agent-reports";
export { answerBatchOnce, batchKeyOf, AGENT_BATCH_TTL_MS, type BatchAnswer } from "./agent-batches";
export { reportMetrics, agentVersionInMetrics, type MetricsReportResult } from "./report-metrics";
export { MAX_METRIC_SAMPLES, MAX_METRICS_BODY_BYTES, MetricSampleInput } from "./metrics-input";
export { agentStateOf, lastReportOf, type AgentState } from "./agent-state";
export { listNodeHealth, getNodeHealthHistory, HEALTH_RANGES, HEALTH_BUCKETS, type NodeHealthSummary, type HealthSample, type HealthHistory, type HealthPoint, type HealthRange } from "./node-health";
export { pruneAgentData, type PruneResult } from "./prune-agent-data";
export {
  getLatestLatency,
  getLatencyHistory,
  getLatencyRecommendations,
  getRouteTraces,
  HISTORY_BUCKETS,
  RECOMMENDATION_WINDOW_MS,
  RECOMMENDATION_STALE_MS,
  type LatestLatency,
  type LatencyHistory,
  type LatencyPoint,
  type LatencyRecommendations,
  type RecommendationCandidate,
  type RouteTraceView,
} from "./queries";
export { getLinesOverview, type LinesOverviewNode } from "./lines-overview";

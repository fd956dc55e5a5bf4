// Telemetry: agent latency and route reports, route classification, and the public/user reads.
export { hashAgentToken, newAgentToken, isAgentTokenShape, resolveAgentNode, AGENT_TOKEN_PREFIX } from "./agent-token";
export { assertTelemetryReadable, requireAgentNode } from "./access";
export { classifyRoute, tokenize, ROUTE_LABELS, type RouteLabel } from "./classify-route";
export { normalizeHops, parseAsns, hopCountOf, MAX_HOPS } from "./normalize-hops";
export * from "./inputs";
export { reportLatency, type LatencyReportResult } from "./report-latency";
export { reportTraces, type TraceReportResult } from "./report-traces";
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

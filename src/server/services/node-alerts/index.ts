// Node alerts (issue 27 item 4): the node watch that opens and closes incidents and raises
// node.offline / node.online, the admin reads of those incidents, and the administrators' daily digest.
export { checkNodeHealth, runNodeAlerts, NODE_ALERTS_EVERY_MS, type IncidentResolution, type NodeHealthCheck } from "./check-node-health";
export { outageOf, agentWatched, type Outage, type WatchedNode } from "./node-verdict";
export { getNodeIncidentOverview, listNodeIncidents, NODE_INCIDENTS_SHOWN, type NodeIncidentOverview, type NodeIncidentRow, type OpenIncident } from "./incidents";
export { buildDailyDigest, type DailyDigest, type DigestNodeIncidents } from "./daily-digest";
export { renderDigest, formatDowntime } from "./render-digest";
export { sendDailyDigest, runDailyDigest, registerDigestSink, digestDayFor, DAILY_DIGEST_EVERY_MS, DIGEST_DAY_SETTING, DIGEST_LOCAL_HOUR, type DailyDigestResult, type DigestSink } from "./send-digest";

export { deleteAdminLogEntry } from "./delete-entry";
export { cleanupExpiredAdminLogs, type CleanupCounts } from "./cleanup";
export { claimLogCleanupDay, runAutomaticLogCleanup, type AutoCleanupResult } from "./auto-cleanup";
export { purgeExpiredLogs, DEFAULT_BATCH_SIZE } from "./purge";
export { LOG_TARGETS, type LogTarget } from "./targets";
export { listAuditLogs, AuditLogListInput, MAX_ACTOR_MATCHES, type AuditLogListFilter, type AuditLogPage, type AuditLogRow } from "./list-audit-logs";
export { listTrafficLogs, TrafficLogListInput, type TrafficLogListFilter, type TrafficLogPage, type TrafficLogRow } from "./list-traffic-logs";
export { listNodeLatencyLogs, listLogNodes, NodeLatencyLogListInput, type NodeLatencyLogListFilter, type NodeLatencyLogRow } from "./list-node-latency-logs";
export { isLogCursor, type LogPage } from "./keyset";
// listDayPartitions (a system read for jobs, no caller to check) stays in access-partitions.ts, out of the verbs.
export { ensureAccessLogPartitions, dropExpiredAccessLogPartitions, PARTITION_DAYS_AHEAD } from "./access-partitions";

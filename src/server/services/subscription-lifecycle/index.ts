// Subscription lifecycle: the periodic jobs that keep subscriptions and panels in step (expiry,
// traffic sync and exhaustion, plan traffic resets, reconciliation, reminders), and the admin verbs
// for a node's drift report (repair, orphan removal). Every job is safe on several instances at once
// (see each file).
// Task handlers register themselves from reset-traffic-task.ts and reconcile-task.ts (jobs/task-handlers.ts).
export { expireDueSubscriptions } from "./expire-subscriptions";
export { syncAllTraffic, syncNodeTraffic, counterDelta, type NodeTrafficResult } from "./sync-traffic";
export { refreshTrafficViews, type TrafficRefreshSummary } from "./refresh-traffic";
export { resetDueTraffic } from "./reset-traffic";
export { currentPeriodStart, dueResetPeriod, APP_TIME_ZONE } from "./reset-periods";
export { reconcileNode, reconcileAllNodes, diffClients, type ReconcileResult } from "./reconcile";
export { getNodeDrift, repairNodeDrift, RECHECK_AFTER_MS, type NodeDriftReport } from "./node-drift";
export { removeOrphanClients, type OrphanRemoval } from "./orphan-clients";
export { sendReminders, expiringKey, trafficKey, EXPIRY_NOTICE_MS, TRAFFIC_NOTICE_PERCENT } from "./reminders";
export { PANEL_CLIENT_RESET_TRAFFIC, NODE_RECONCILE } from "./task-kinds";

export { getAdminDashboard, nodeHealthState, RECENT_RISK_EVENTS, type AdminDashboard, type NodeHealthState } from "./admin-dashboard";
export { getUserDashboard, DASHBOARD_SUBSCRIPTIONS, type DashboardSubscription, type UserDashboard } from "./user-dashboard";
export { CHART_DAYS, DASHBOARD_TIME_ZONE, localDayStart } from "./day-windows";

export { recordAudit, type AuditEntry } from "./record-audit";
export { listAuditLogs } from "./queries";

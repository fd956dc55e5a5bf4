export { recordAudit, type AuditEntry } from "./record-audit";

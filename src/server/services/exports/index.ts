export { exportConfig, configExportFileName, CONFIG_EXPORT_VERSION, type ConfigExport } from "./export-config";
export { exportAuditLogs, AuditExportInput, AUDIT_EXPORT_PAGE, type AuditExport } from "./export-audit-logs";
export { csvCell, csvRow } from "./csv";

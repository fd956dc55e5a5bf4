// Backup and restore (behaviour §12): SQL dumps of every table, a restore that accepts only data.
export { backupToPath, createBackupDownload, listStoredBackups, openStoredBackup, restoreDumpFromPath, restoreUploadedDump, RESTORE_CONFIRM_WORD, RESTORE_MAX_BYTES, type BackupDownload } from "./backup-service";
export { claimBackupDay, runScheduledBackup, type ScheduledBackupResult } from "./scheduled";
export { writeDump, type DumpSummary } from "./dump-writer";
export type { RestoreResult } from "./restore";
export type { StoredDump } from "./files";

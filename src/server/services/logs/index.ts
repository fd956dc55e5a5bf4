export { deleteAdminLogEntry } from "./delete-entry";
export { cleanupExpiredAdminLogs, type CleanupCounts } from "./cleanup";
export { claimLogCleanupDay, runAutomaticLogCleanup, type AutoCleanupResult } from "./auto-cleanup";
export { purgeExpiredLogs, DEFAULT_BATCH_SIZE } from "./purge";
export { LOG_TARGETS, type LogTarget } from "./targets";

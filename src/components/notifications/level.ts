import type { NotificationLevel } from "@/server/db/schema/notification-kinds";

export const LEVEL_COLORS: Record<NotificationLevel, string> = { INFO: "blue", SUCCESS: "teal", WARNING: "orange", ERROR: "red" };

// Plain constants (no database code), so browser components can use them too.
/** What a notification is about; a user chooses per kind whether it also arrives by mail. */
export const NOTIFICATION_KINDS = ["ORDER", "SUBSCRIPTION", "TICKET", "ANNOUNCEMENT", "RISK", "ACCOUNT", "SYSTEM"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LEVELS = ["INFO", "SUCCESS", "WARNING", "ERROR"] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
/** Kinds mailed unless the user turns them off: the ones that ask for something or cost service. */
export const DEFAULT_MAIL_KINDS: NotificationKind[] = ["TICKET", "SUBSCRIPTION", "RISK"];

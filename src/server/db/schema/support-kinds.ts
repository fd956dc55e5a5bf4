// Plain constants (no database code), so browser components can use them too.
export const TICKET_STATUSES = ["OPEN", "USER_REPLIED", "ADMIN_REPLIED", "CLOSED"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ["LOW", "NORMAL", "HIGH", "URGENT"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_CATEGORIES = ["GENERAL", "BILLING", "TECHNICAL", "ACCOUNT", "OTHER"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
/** Behaviour §11: at most 3 images per message, 3 MiB each. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 3;
export const MAX_ATTACHMENT_BYTES = 3 * 1024 * 1024;

import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import type { TicketCategory, TicketPriority, TicketStatus } from "./support-kinds";

export * from "./support-kinds";

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    category: text("category").$type<TicketCategory>().notNull().default("GENERAL"),
    priority: text("priority").$type<TicketPriority>().notNull().default("NORMAL"),
    status: text("status").$type<TicketStatus>().notNull().default("OPEN"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    // Unread markers: a side has unread messages when the other side wrote after it last looked.
    userReadAt: timestamp("user_read_at", { withTimezone: true }),
    adminReadAt: timestamp("admin_read_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tickets_user_status_idx").on(t.userId, t.status),
    index("tickets_queue_idx").on(t.status, t.lastMessageAt),
    check("tickets_status_check", sql`${t.status} in ('OPEN', 'USER_REPLIED', 'ADMIN_REPLIED', 'CLOSED')`),
    check("tickets_priority_check", sql`${t.priority} in ('LOW', 'NORMAL', 'HIGH', 'URGENT')`),
  ],
);

export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorRole: text("author_role").$type<"USER" | "ADMIN">().notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

/** Images as we re-encoded them (services/support/image-reencode.ts), stored under DATA_DIR by id. */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").notNull().references(() => ticketMessages.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id").references(() => users.id, { onDelete: "set null" }),
    // The type the bytes proved, never the one declared; the name only for the download.
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_attachments_message_idx").on(t.messageId), check("ticket_attachments_type_check", sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`)],
);

export type Ticket = typeof tickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;
export type TicketAttachment = typeof ticketAttachments.$inferSelect;

import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import type { NotificationKind, NotificationLevel } from "./notification-kinds";

export * from "./notification-kinds";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationKind>().notNull(),
    level: text("level").$type<NotificationLevel>().notNull().default("INFO"),
    // Written in the recipient's language when created (see services/notifications/notify.ts).
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    // A path inside the site ("/orders/…"), never an outside address.
    link: text("link"),
    // The same key twice for one user makes one notification (a unique index decides, not a read).
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notifications_user_dedupe_key").on(t.userId, t.dedupeKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("notifications_level_check", sql`${t.level} in ('INFO', 'SUCCESS', 'WARNING', 'ERROR')`),
  ],
);

export type Notification = typeof notifications.$inferSelect;

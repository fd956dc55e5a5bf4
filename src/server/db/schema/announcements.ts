import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import type { AnnouncementAudience, AnnouncementDisplay } from "./announcement-kinds";

export * from "./announcement-kinds";

export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    // Markdown; rendered without raw HTML (see services/announcements).
    body: text("body").notNull().default(""),
    audience: text("audience").$type<AnnouncementAudience>().notNull().default("USERS"),
    // Only for audience USER: the one user who sees it.
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "cascade" }),
    display: text("display").$type<AnnouncementDisplay>().notNull().default("INLINE"),
    enabled: boolean("enabled").notNull().default(true),
    dismissible: boolean("dismissible").notNull().default(true),
    // Higher first; then newest first.
    priority: integer("priority").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("announcements_enabled_idx").on(t.enabled, t.audience),
    check("announcements_audience_check", sql`${t.audience} in ('PUBLIC', 'USERS', 'ADMINS', 'USER')`),
    check("announcements_display_check", sql`${t.display} in ('INLINE', 'BANNER', 'POPUP')`),
    check("announcements_target_check", sql`(${t.audience} = 'USER') = (${t.targetUserId} is not null)`),
    check("announcements_window_check", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** A user closed a dismissible announcement: it stays closed for that user (one row, a primary key decides). */
export const announcementDismissals = pgTable(
  "announcement_dismissals",
  {
    announcementId: uuid("announcement_id").notNull().references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index("announcement_dismissals_user_idx").on(t.userId)],
);

export type Announcement = typeof announcements.$inferSelect;

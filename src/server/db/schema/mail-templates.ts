import { check, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";

/**
 * An admin's edit of a built-in mail template in one language. No row means the built-in default;
 * "reset to default" deletes the row. Placeholders are checked against the template's list on save.
 */
export const mailTemplateOverrides = pgTable(
  "mail_template_overrides",
  {
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.template, t.locale] }), check("mail_template_overrides_locale_check", sql`${t.locale} in ('zh-CN', 'en')`)],
);

export type MailTemplateOverride = typeof mailTemplateOverrides.$inferSelect;

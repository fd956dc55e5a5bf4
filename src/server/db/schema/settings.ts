import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** AppConfig and site settings, one row per key; values validated by services/settings/schema.ts. */
export const appConfig = pgTable("app_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * One row per signed-in browser. The session cookie (a next-auth JWT) carries the row id as `sid`;
 * every session read joins this row with the user, so deleting or revoking it ends that session at
 * once (sign-out, "log out everywhere", revoking one device from the account page).
 */
export type SessionMethod = "password" | "passkey";

export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // users.session_version at sign-in: a later bump (ban, password change, reset) ends the session
    // and hides it from the account's session list without touching every row.
    sessionVersion: integer("session_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Written at most every few minutes (see services/accounts/user-sessions.ts), not per request.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // Slides with lastSeenAt, like the cookie's own expiry.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    // How this session was signed in: "password" (with or without a second factor) or "passkey".
    // Staff may be required to sign in with a passkey (setting staffPasskeyRequired).
    method: text("method").$type<SessionMethod>().notNull().default("password"),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

export type UserSession = typeof userSessions.$inferSelect;

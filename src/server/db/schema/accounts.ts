import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

export const USER_ROLES = ["ADMIN", "USER"] as const;
export const USER_STATUSES = ["ACTIVE", "PENDING_EMAIL", "DISABLED", "BANNED"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull().default(""),
    role: text("role").$type<UserRole>().notNull().default("USER"),
    status: text("status").$type<UserStatus>().notNull().default("ACTIVE"),
    // Bumped by ban, disable, password change and "log out everywhere": older sessions stop working.
    sessionVersion: integer("session_version").notNull().default(1),
    inviteCode: text("invite_code"),
    invitedById: uuid("invited_by_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    locale: text("locale"),
    // Notification kinds that also arrive by mail (null: the defaults, DEFAULT_MAIL_KINDS).
    mailNotificationKinds: text("mail_notification_kinds").array(),
    // The aggregate subscription link's token (/api/subscription/all): a keyed hash for the lookup and
    // the ciphertext to show the link again. Null until the owner first asks for it; rotatable.
    subscriptionTokenHash: text("subscription_token_hash"),
    subscriptionTokenEnc: text("subscription_token_enc"),
    // The user-side risk restriction (a risk report was sent): every user action but support is refused.
    riskRestrictedAt: timestamp("risk_restricted_at", { withTimezone: true }),
    // Staff (role ADMIN, issue 29): a built-in role name (auth/permissions.ts) or a staff_roles name.
    // Null for customers; an ADMIN row without one may do nothing (fail closed).
    staffRole: text("staff_role"),
    // Invited or CLI-created staff: no admin page opens until a second factor (TOTP or passkey) exists.
    secondFactorRequired: boolean("second_factor_required").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    // Email prefix search (admin lists): LIKE 'abc%' can use only a pattern-ops index under a non-C collation.
    index("users_email_pattern_idx").on(t.email.op("text_pattern_ops")),
    // Substring search (the users list searches e-mail or name, the subscriptions and orders lists the
    // owner's e-mail): ILIKE '%abc%' is served by trigram indexes (pg_trgm, migration 0026).
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    uniqueIndex("users_invite_code_key").on(t.inviteCode),
    uniqueIndex("users_subscription_token_hash_key").on(t.subscriptionTokenHash),
    index("users_role_status_idx").on(t.role, t.status),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

// SUPPORT_CONTACT: a signed-out person's message to support, sent on once the link proves the address
// (services/support/contact-request.ts); the message travels in the payload.
// STAFF_INVITE: the owner's invitation (issue 29); the role travels in the payload, no user exists yet
// unless the address already has an account.
export const TOKEN_PURPOSES = ["VERIFY_EMAIL", "RESET_PASSWORD", "CHANGE_EMAIL", "REGISTER", "SUPPORT_CONTACT", "STAFF_INVITE"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Single-use links. Only a keyed hash of the token is stored. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").$type<TokenPurpose>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_tokens_hash_key").on(t.tokenHash), index("email_tokens_email_purpose_idx").on(t.email, t.purpose)],
);

/** [wallet] A registration waiting for its email link; no user exists until it is used. */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull().default(""),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pending_registrations_email_key").on(t.email)],
);

export type User = typeof users.$inferSelect;

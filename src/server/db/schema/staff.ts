// Staff roles and passkeys (issue 29).
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** A custom staff role: a name (never a built-in one) and permissions picked from auth/permissions.ts. */
export const staffRoles = pgTable("staff_roles", {
  name: text("name").primaryKey(),
  description: text("description").notNull().default(""),
  permissions: text("permissions").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A WebAuthn credential (passkey). The public key is stored, never a secret; the signature counter
 * is kept so a cloned authenticator is refused; deleting the row stops it at once.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // base64url, as WebAuthn names it; unique across all users.
    credentialId: text("credential_id").notNull(),
    // The COSE public key, base64url.
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array(),
    deviceType: text("device_type"),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_id_key").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

export type WebauthnPurpose = "register" | "authenticate";

/** A WebAuthn challenge waiting for its answer: used once (deleted on use), short-lived. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").$type<WebauthnPurpose>().notNull(),
    // Registration: the signed-in user; sign-in: null (discoverable credentials name their user).
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

export type Passkey = typeof passkeys.$inferSelect;

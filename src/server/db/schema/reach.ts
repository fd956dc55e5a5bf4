// Issue 27: what reaches people and systems outside the site — outbound webhooks, API tokens for
// integrations, Telegram bindings, and node incidents (the source of node.offline / node.online).
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { nodes } from "./nodes";

/**
 * A business event (services/events): written in the transaction of the change it reports, fanned
 * out once after commit to webhooks and Telegram. `dispatchedAt` is the once: the dispatch claims
 * the row with a conditional update in the same transaction that creates the deliveries.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (t) => [index("events_created_idx").on(t.createdAt), index("events_type_created_idx").on(t.type, t.createdAt)],
);

/** An integrator's HTTPS receiver. The signing secret is an AES-GCM ciphertext: we must sign with it, so it cannot be a hash. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  secretEnc: text("secret_enc").notNull(),
  /** Event types it receives (see services/events/types.ts). */
  events: jsonb("events").$type<string[]>().notNull(),
  /** Null while enabled. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint. (endpoint, event) is unique, so a dispatch that runs twice (a crash
 * after the insert) makes one delivery, and the receiver sees one `Relayboard-Webhook-Id` per event.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The JSON body as sent (no secret ever goes into an event's data). */
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("webhook_deliveries_endpoint_event_key").on(t.endpointId, t.eventId), index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt)],
);

/** A bearer token for `/api/v1/`: only its keyed hash is stored; `prefix` lets an admin tell tokens apart. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash)],
);

/** A user's Telegram chat. One chat per user and one user per chat. */
export const telegramBindings = pgTable(
  "telegram_bindings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    username: text("username"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Telegram answered 403 (the user blocked the bot): nothing more is sent until they /start again. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("telegram_bindings_chat_key").on(t.chatId)],
);

/** A one-time `/start <code>` deep link: the code's keyed hash, single use, short-lived. */
export const telegramBindCodes = pgTable(
  "telegram_bind_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("telegram_bind_codes_user_idx").on(t.userId)],
);

export const NODE_INCIDENT_CAUSES = ["agent_stale", "panel_error"] as const;
export type NodeIncidentCause = (typeof NODE_INCIDENT_CAUSES)[number];

/**
 * A node outage: opened when its agent goes quiet or its panel fails, closed when it is back. At most
 * one open incident per node (partial unique index), so instances that see the outage at once raise
 * node.offline once.
 */
export const nodeIncidents = pgTable(
  "node_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => nodes.id, { onDelete: "cascade" }),
    cause: text("cause").$type<NodeIncidentCause>().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("node_incidents_open_key").on(t.nodeId).where(sql`${t.endedAt} is null`), index("node_incidents_started_idx").on(t.startedAt)],
);

// What subscription delivery records: every content request (and, from issue 13's agent, every real
// node connection), daily traffic per subscription and node, and each traffic reset.
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { subscriptions } from "./commerce";
import { nodes } from "./nodes";

/** API: a request for subscription content; NODE: a real connection reported by a node agent. */
export const ACCESS_SOURCES = ["API", "NODE"] as const;
export type AccessSource = (typeof ACCESS_SOURCES)[number];

/**
 * What a content request came to: OK, or the refusal's reason (the same word the error body names).
 * Aggregate (/all) requests have a userId and no subscriptionId.
 */
export const ACCESS_OUTCOMES = [
  "OK",
  "token_missing",
  "token_invalid",
  "owner_disabled",
  "suspended",
  "restricted",
  "expired",
  "cancelled",
  "rate_limited",
  "device_limit",
] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];

export const subscriptionAccessLogs = pgTable(
  "subscription_access_logs",
  {
    // Unique by itself (one sequence); the key also names created_at because a partitioned table's
    // key must hold its partition column (migration 0019: one partition per UTC day).
    id: bigserial("id", { mode: "number" }).notNull(),
    // No foreign keys (ARCHITECTURE.md, "The access log"): the deletion paths remove a user's and a
    // subscription's rows themselves; a deleted node's id stays and reads as "deleted node".
    subscriptionId: uuid("subscription_id"),
    userId: uuid("user_id"),
    nodeId: uuid("node_id"),
    source: text("source").$type<AccessSource>().notNull().default("API"),
    outcome: text("outcome").$type<AccessOutcome>().notNull(),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** The format served (base64, clash, ...), or "" for a refusal or a node connection. */
    format: text("format").notNull().default(""),
    // Where the address is (GeoIP at write time); "" when private, reserved or unknown.
    country: text("country").notNull().default(""),
    region: text("region").notNull().default(""),
    city: text("city").notNull().default(""),
    // NODE rows: what the agent reported for this client, address and interval.
    inboundTag: text("inbound_tag").notNull().default(""),
    network: text("network").notNull().default(""),
    action: text("action").notNull().default(""),
    targetHost: text("target_host").notNull().default(""),
    targetPort: integer("target_port"),
    connectionCount: integer("connection_count"),
    uniqueTargetCount: integer("unique_target_count"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "subscription_access_logs_pkey", columns: [t.id, t.createdAt] }),
    index("subscription_access_logs_sub_idx").on(t.subscriptionId, t.createdAt),
    index("subscription_access_logs_user_idx").on(t.userId, t.createdAt),
    index("subscription_access_logs_created_idx").on(t.createdAt),
    index("subscription_access_logs_ip_idx").on(t.ip, t.createdAt),
    index("subscription_access_logs_source_idx").on(t.source, t.createdAt),
    // The admin risk access log's filters: each must find a rare value without scanning millions of rows.
    index("subscription_access_logs_country_idx").on(t.country, t.createdAt),
    index("subscription_access_logs_node_idx").on(t.nodeId, t.createdAt),
    check("subscription_access_logs_source_check", sql`${t.source} in ('API', 'NODE')`),
  ],
);

/** Bytes per subscription, node and UTC day, added by each traffic sync: the traffic charts read this. */
export const trafficDaily = pgTable(
  "traffic_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    upBytes: bigint("up_bytes", { mode: "number" }).notNull().default(0),
    downBytes: bigint("down_bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.subscriptionId, t.nodeId] }),
    index("traffic_daily_node_idx").on(t.nodeId, t.day),
    index("traffic_daily_user_idx").on(t.userId, t.day),
    // Bytes per day for the dashboard's chart, summed from the index alone (no heap visits).
    index("traffic_daily_day_bytes_idx").on(t.day, t.upBytes, t.downBytes),
  ],
);

/** One row per traffic reset (plan strategy or admin): what was used before it went back to zero. */
export const trafficResetLogs = pgTable(
  "traffic_reset_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    strategy: text("strategy").notNull(),
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull(),
    upBytes: bigint("up_bytes", { mode: "number" }).notNull(),
    downBytes: bigint("down_bytes", { mode: "number" }).notNull(),
    /** The period boundary this reset belongs to: unique with the subscription, so a reset runs once. */
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("traffic_reset_logs_sub_idx").on(t.subscriptionId, t.createdAt),
    uniqueIndex("traffic_reset_logs_once_key").on(t.subscriptionId, t.periodStart),
    // The admin traffic log list (newest first) and the age-based cleanup.
    index("traffic_reset_logs_created_at_idx").on(t.createdAt),
  ],
);

export type SubscriptionAccessLog = typeof subscriptionAccessLogs.$inferSelect;
export type TrafficResetLog = typeof trafficResetLogs.$inferSelect;

// Risk control (behaviour §8): where each scope was seen (keyed marks that make the geo-variance
// check incremental), the risk events with their review, and the devices a subscription registered.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { subscriptions } from "./commerce";

/** Why an event was raised. The first three are geo variance, the last two node-log behaviour. */
export const RISK_REASONS = ["COUNTRY_CHANGE", "REGION_CHANGE", "CITY_CHANGE", "NODE_HIGH_FREQUENCY", "SCATTERED_TARGETS"] as const;
export type RiskReason = (typeof RISK_REASONS)[number];
/** WARNING: the user is told. SUSPEND: the scope's subscriptions were suspended (auto-suspend on). */
export const RISK_LEVELS = ["WARNING", "SUSPEND"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_REVIEW_STATUSES = ["OPEN", "ACKNOWLEDGED", "RESOLVED"] as const;
export type RiskReviewStatus = (typeof RISK_REVIEW_STATUSES)[number];
/** An admin's final decision: access given back, or the suspension kept. */
export const RISK_FINAL_ACTIONS = ["RELEASED", "KEPT_BANNED"] as const;
export type RiskFinalAction = (typeof RISK_FINAL_ACTIONS)[number];
export const GEO_MARK_KINDS = ["COUNTRY", "REGION", "CITY"] as const;
export type GeoMarkKind = (typeof GEO_MARK_KINDS)[number];

/**
 * One row per scope and distinct place: the scope is `sub:<id>` (a subscription, including the node
 * connections of its clients) or `user:<id>` (the owner's aggregate link). An access upserts its
 * place's row (lastSeenAt); the variance check counts the scope's rows seen inside the window, a
 * handful of rows by primary key, never a scan of the access log. `acknowledged` marks places an
 * admin already judged (release): they still count, but cannot raise an event on their own again.
 */
export const riskGeoMarks = pgTable(
  "risk_geo_marks",
  {
    scopeKey: text("scope_key").notNull(),
    kind: text("kind").$type<GeoMarkKind>().notNull(),
    /** "CN", "CN/Zhejiang", "CN/Zhejiang/Hangzhou": a region or city is named within its parent. */
    place: text("place").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    acknowledged: boolean("acknowledged").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.scopeKey, t.kind, t.place] }), index("risk_geo_marks_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Which events take the "one per scope, reason and day" slot: the undecided ones, and node-log events
 * whatever their decision. The same text is the index predicate and the ON CONFLICT target's
 * (raise-events.ts), so PostgreSQL infers the partial index.
 */
export const RISK_EVENT_BINDS = "final_action is null or reason in ('NODE_HIGH_FREQUENCY', 'SCATTERED_TARGETS')";

export const subscriptionRiskEvents = pgTable(
  "subscription_risk_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Null for the aggregate-link scope (every active proxy subscription of the user). */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    scopeKey: text("scope_key").notNull(),
    reason: text("reason").$type<RiskReason>().notNull(),
    level: text("level").$type<RiskLevel>().notNull(),
    /** The day (Asia/Shanghai) the event belongs to: one binding event per scope, reason and day. */
    day: date("day", { mode: "string" }).notNull(),
    /** What crossed the threshold: counts, places, the node event's figures. */
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull().default({}),
    reviewStatus: text("review_status").$type<RiskReviewStatus>().notNull().default("OPEN"),
    reviewNote: text("review_note").notNull().default(""),
    report: text("report"),
    reportGeneratedAt: timestamp("report_generated_at", { withTimezone: true }),
    reportSentAt: timestamp("report_sent_at", { withTimezone: true }),
    /** The user-side restriction this event turned on (send report) and release turned off. */
    restrictionActive: boolean("restriction_active").notNull().default(false),
    finalAction: text("final_action").$type<RiskFinalAction>(),
    finalActionAt: timestamp("final_action_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One event per scope, reason and day that still binds (behaviour §8), decided by this index so
    // concurrent batches never create two. A decided geo event leaves it: the places it judged are
    // acknowledged (risk_geo_marks), so only a place new since the decision can raise that reason
    // again the same day, as a new event. A decided node-log event stays in it: a report's figures
    // have no such acknowledgement, and the release covers that behaviour for the rest of the day.
    uniqueIndex("subscription_risk_events_binding_key")
      .on(t.scopeKey, t.reason, t.day)
      .where(sql.raw(RISK_EVENT_BINDS)),
    index("subscription_risk_events_created_idx").on(t.createdAt),
    index("subscription_risk_events_user_idx").on(t.userId, t.createdAt),
    index("subscription_risk_events_review_idx").on(t.reviewStatus, t.createdAt),
    check("subscription_risk_events_reason_check", sql`${t.reason} in ('COUNTRY_CHANGE', 'REGION_CHANGE', 'CITY_CHANGE', 'NODE_HIGH_FREQUENCY', 'SCATTERED_TARGETS')`),
    check("subscription_risk_events_level_check", sql`${t.level} in ('WARNING', 'SUSPEND')`),
    check("subscription_risk_events_review_check", sql`${t.reviewStatus} in ('OPEN', 'ACKNOWLEDGED', 'RESOLVED')`),
  ],
);

/**
 * Devices a subscription was fetched from (the x-hwid header of Happ, v2RayTun and others). The
 * hardware id is stored only as a keyed hash; model and OS are what the client said, cut to size.
 */
export const subscriptionDevices = pgTable(
  "subscription_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    hwidHash: text("hwid_hash").notNull(),
    deviceOs: text("device_os").notNull().default(""),
    osVersion: text("os_version").notNull().default(""),
    deviceModel: text("device_model").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    lastIp: text("last_ip").notNull().default(""),
    /** "CN/Zhejiang/Hangzhou" or "" when the address has no place (private, unknown). */
    lastPlace: text("last_place").notNull().default(""),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subscription_devices_once_key").on(t.subscriptionId, t.hwidHash), index("subscription_devices_user_idx").on(t.userId)],
);

export type GeoMark = typeof riskGeoMarks.$inferSelect;
export type SubscriptionRiskEvent = typeof subscriptionRiskEvents.$inferSelect;
export type SubscriptionDevice = typeof subscriptionDevices.$inferSelect;

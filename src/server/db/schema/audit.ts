import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const ACTOR_KINDS = ["user", "admin", "system", "agent", "cli", "anonymous", "token"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorKind: text("actor_kind").$type<ActorKind>().notNull(),
    actorId: uuid("actor_id"),
    actorLabel: text("actor_label"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text("ip"),
    requestId: text("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_logs_created_at_idx").on(t.createdAt),
    index("audit_logs_action_idx").on(t.action),
    index("audit_logs_target_idx").on(t.targetType, t.targetId),
    // The admin log list's actor and action filters page newest first within their rows.
    index("audit_logs_actor_time_idx").on(t.actorId, t.createdAt),
    index("audit_logs_action_time_idx").on(t.action, t.createdAt),
  ],
);

export const TASK_STATUSES = ["PENDING", "RUNNING", "SUCCEEDED", "FAILED"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * The kinds of task the service queues (the areas' own constants hold the same strings; a test checks
 * that every registered handler is listed), so the task center can name each one in words.
 */
export const TASK_KINDS = ["mail.send", "panel.client.sync", "panel.client.delete", "panel.client.reset-traffic", "node.reconcile", "refund.gateway", "webhook.deliver", "telegram.send", "event.dispatch"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Background work: an outbox row written inside the transaction, performed by a worker after commit. */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: text("status").$type<TaskStatus>().notNull().default("PENDING"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    result: jsonb("result").$type<Record<string, unknown>>(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // tasks_created_idx: the task center's pages, newest first (created_at desc, id desc, read backwards).
  (t) => [index("tasks_due_idx").on(t.status, t.runAt), index("tasks_kind_idx").on(t.kind, t.createdAt), index("tasks_created_idx").on(t.createdAt, t.id)],
);

/** Cross-instance "run at most once per period" markers for scheduled jobs. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
});

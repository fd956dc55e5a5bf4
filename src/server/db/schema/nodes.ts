import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const PANEL_STATUSES = ["UNKNOWN", "OK", "ERROR"] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

/**
 * Whether customers see a node (Lines page, recommendations, latency and trace reads); admins always do.
 * - PENDING: new, hidden until its first successful sync, which turns it VISIBLE by itself, so a
 *   node added with a broken panel or as a test never reaches customers by accident.
 * - VISIBLE / HIDDEN: set by that first sync or by the admin's switch; no sync changes them again.
 * One column with three values rather than a boolean plus "admin chose at": an admin who hides a
 * node before its first sync is HIDDEN, not PENDING, so that sync cannot reveal it, and the sync
 * flips PENDING to VISIBLE with one conditional update (no read-then-write race with the switch).
 */
export const NODE_VISIBILITIES = ["PENDING", "VISIBLE", "HIDDEN"] as const;
export type NodeVisibility = (typeof NODE_VISIBILITIES)[number];

/** One difference between a desired client (a node_clients row) and the panel. */
export interface ClientDriftItem {
  email: string;
  subscriptionId: string;
  /** missing: no such client; disabled/enabled: wrong switch; quota/expiry/credential: wrong value. */
  kind: "missing" | "enable" | "quota" | "expiry" | "credential" | "inbound_missing";
  want?: string | number | boolean;
  have?: string | number | boolean;
  panelInboundId?: undefined;
}

/**
 * A panel client with our email pattern that no node_clients row of the node wants (left by a delete
 * racing a sync). It has no subscription; the panel inbound is kept so it can be removed.
 */
export interface OrphanDriftItem {
  email: string;
  kind: "orphan";
  panelInboundId: number;
  subscriptionId?: undefined;
  want?: undefined;
  have?: undefined;
}

/** One entry of the reconciliation report (stored as jsonb: a new kind needs no migration). */
export type NodeDriftItem = ClientDriftItem | OrphanDriftItem;

/** A server running a 3x-ui panel (and our agent). Secrets are AES-GCM ciphertexts. */
export const nodes = pgTable(
  "nodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    panelUrl: text("panel_url").notNull(),
    panelUsername: text("panel_username").notNull(),
    panelPasswordEnc: text("panel_password_enc").notNull(),
    panelApiTokenEnc: text("panel_api_token_enc"),
    // Admin opt-in to skip TLS certificate checks for this panel (self-signed or IP-only certificates).
    panelTlsInsecure: boolean("panel_tls_insecure").notNull().default(false),
    // The agent token: encrypted (so it can be shown again to nobody but kept verifiable) and as a
    // keyed hash, so an agent request is resolved with one indexed lookup (behaviour §14.13).
    agentTokenEnc: text("agent_token_enc"),
    agentTokenHash: text("agent_token_hash"),
    agentTokenCreatedAt: timestamp("agent_token_created_at", { withTimezone: true }),
    lastAgentReportAt: timestamp("last_agent_report_at", { withTimezone: true }),
    // What the agent said of itself (User-Agent "relayboard-agent/<version>") and when each kind of
    // report last arrived: { latency, trace, access, metrics } -> ISO time.
    agentVersion: text("agent_version"),
    agentLastReports: jsonb("agent_last_reports").$type<Partial<Record<AgentReportKind, string>>>().notNull().default({}),
    panelStatus: text("panel_status").$type<PanelStatus>().notNull().default("UNKNOWN"),
    // The last panel failure: its reason and parameters (worded in each reader's language from the
    // message catalogue), and the English sentence for logs, the CLI's JSON and rows older than these.
    panelError: text("panel_error"),
    panelErrorReason: text("panel_error_reason"),
    panelErrorParams: jsonb("panel_error_params").$type<Record<string, string | number>>(),
    panelCheckedAt: timestamp("panel_checked_at", { withTimezone: true }),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    sortOrder: integer("sort_order").notNull().default(0),
    visibility: text("visibility").$type<NodeVisibility>().notNull().default("PENDING"),
    // The address clients connect to (share links, client configs); null: the panel URL's host.
    publicHost: text("public_host"),
    // Bumped whenever something a rendered subscription shows of this node changes (address,
    // inbounds, display names): part of the content cache key, so every instance re-renders.
    contentVersion: integer("content_version").notNull().default(0),
    // The last reconciliation of desired clients against the panel: what differed, and when.
    drift: jsonb("drift").$type<NodeDriftItem[]>(),
    driftCheckedAt: timestamp("drift_checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("nodes_agent_token_hash_key").on(t.agentTokenHash),
    uniqueIndex("nodes_name_key").on(t.name),
    check("nodes_visibility_check", sql`${t.visibility} in ('PENDING', 'VISIBLE', 'HIDDEN')`),
  ],
);

/** Local mirror of a panel inbound (behaviour §9). Other clients' secrets are never stored. */
export const inbounds = pgTable(
  "inbounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    panelInboundId: integer("panel_inbound_id").notNull(),
    tag: text("tag").notNull().default(""),
    remark: text("remark").notNull().default(""),
    displayName: text("display_name"),
    protocol: text("protocol").notNull(),
    port: integer("port").notNull(),
    listen: text("listen").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    // false once the inbound disappeared from the panel; kept so plans bound to it stay explainable.
    active: boolean("active").notNull().default(true),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    streamSettings: jsonb("stream_settings").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    clientCount: integer("client_count").notNull().default(0),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbounds_node_panel_id_key").on(t.nodeId, t.panelInboundId), index("inbounds_node_idx").on(t.nodeId)],
);

export const CARRIERS = ["telecom", "unicom", "mobile"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Latest latency per node and carrier. */
export const nodeLatencies = pgTable(
  "node_latencies",
  {
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    carrier: text("carrier").$type<Carrier>().notNull(),
    latencyMs: doublePrecision("latency_ms").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.carrier] })],
);

export const nodeLatencyLogs = pgTable(
  "node_latency_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    carrier: text("carrier").$type<Carrier>().notNull(),
    latencyMs: doublePrecision("latency_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("node_latency_logs_node_carrier_time_idx").on(t.nodeId, t.carrier, t.createdAt),
    index("node_latency_logs_created_at_idx").on(t.createdAt),
    // The admin latency log filtered by node alone, newest first.
    index("node_latency_logs_node_time_idx").on(t.nodeId, t.createdAt),
  ],
);

export interface TraceHop { hop: number; ip: string; geo: string; latency: number; asn: string; owner: string; isp: string }

/** One route trace per node and carrier; summary is our own classification, never the agent's. */
export const routeTraces = pgTable(
  "route_traces",
  {
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    carrier: text("carrier").$type<Carrier>().notNull(),
    summary: text("summary").notNull(),
    hopCount: integer("hop_count").notNull(),
    hops: jsonb("hops").$type<TraceHop[]>().notNull(),
    agentSummary: text("agent_summary"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.carrier] })],
);

export type Node = typeof nodes.$inferSelect;
export type Inbound = typeof inbounds.$inferSelect;

export const AGENT_REPORT_KINDS = ["latency", "trace", "access", "metrics"] as const;
export type AgentReportKind = (typeof AGENT_REPORT_KINDS)[number];

/**
 * Agent batches already answered, by the Idempotency-Key the agent sends with each batch (and
 * reuses on retries): a retry after a lost response gets the stored answer and is not counted
 * twice. Rows older than a day are removed by a job.
 */
export const agentBatches = pgTable(
  "agent_batches",
  {
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").$type<AgentReportKind>().notNull(),
    /** The answer sent for the batch; null while the first request for this key is still running. */
    response: jsonb("response").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.key] }), index("agent_batches_created_idx").on(t.createdAt)],
);

/** Node health samples posted by the agent (POST /api/agent/metrics). */
export const nodeMetrics = pgTable(
  "node_metrics",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    cpuPercent: doublePrecision("cpu_percent"),
    memUsedBytes: bigint("mem_used_bytes", { mode: "number" }),
    memTotalBytes: bigint("mem_total_bytes", { mode: "number" }),
    diskUsedBytes: bigint("disk_used_bytes", { mode: "number" }),
    diskTotalBytes: bigint("disk_total_bytes", { mode: "number" }),
    netRxBytesPerSec: bigint("net_rx_bytes_per_sec", { mode: "number" }),
    netTxBytesPerSec: bigint("net_tx_bytes_per_sec", { mode: "number" }),
    load1: doublePrecision("load1"),
    uptimeSeconds: bigint("uptime_seconds", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("node_metrics_node_idx").on(t.nodeId, t.sampledAt)],
);

export type NodeMetric = typeof nodeMetrics.$inferSelect;

// Input schemas of the telemetry area, defined once for the agent routes, read routes and tests.
import { z } from "zod";
import { CARRIERS } from "../../db/schema";
import { DomainError } from "../../errors";
import { MAX_HOPS } from "./normalize-hops";

export const MAX_LATENCY_ITEMS = 50;
export const MAX_TRACES = 10;
export const MAX_LATENCY_MS = 60_000;
/** Agent request bodies; the route enforces it while reading. */
export const MAX_AGENT_BODY_BYTES = 64 * 1024;

export const CarrierInput = z.enum(CARRIERS, { error: "carrier must be one of telecom, unicom, mobile" });

export const LatencyItemInput = z.object({
  carrier: CarrierInput,
  latencyMs: z
    .number({ error: "latencyMs must be a number" })
    .min(0, "latencyMs must not be negative")
    .max(MAX_LATENCY_MS, `latencyMs must be at most ${MAX_LATENCY_MS}`),
});
export const LatencyReportInput = z.object({ latencies: z.array(LatencyItemInput, { error: "latencies must be an array" }).max(MAX_LATENCY_ITEMS) });
export type LatencyReportInput = z.infer<typeof LatencyReportInput>;

// Hop fields are loosely typed on purpose (agents send "12" and 12 alike; normalizeHops coerces),
// but anything that is not a scalar is a wrong type and refused.
const HopScalar = z.union([z.string().max(256, "hop text is too long"), z.number(), z.null()]).optional();
const HopInput = z.object({ hop: HopScalar, ip: HopScalar, geo: HopScalar, latency: HopScalar, asn: HopScalar, owner: HopScalar, isp: HopScalar });
export const TraceInput = z.object({
  carrier: CarrierInput,
  hops: z.array(HopInput, { error: "hops must be an array of hop objects" }).max(MAX_HOPS),
  summary: z.string().max(100).nullish(),
  hopCount: z.number().int().min(0).max(255).nullish(),
});
export const TraceReportInput = z.object({ traces: z.array(TraceInput, { error: "traces must be an array" }).max(MAX_TRACES) });
export type TraceReportInput = z.infer<typeof TraceReportInput>;

export const NodeQueryInput = z.object({ nodeId: z.string({ error: "nodeId is required" }).trim().min(1, "nodeId is required") });
export const HISTORY_RANGES = ["1d", "7d", "30d"] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HistoryQueryInput = NodeQueryInput.extend({
  carrier: CarrierInput,
  range: z.enum(HISTORY_RANGES, { error: "range must be one of 1d, 7d, 30d" }).default("1d"),
});

/**
 * Batch-size limits are a 413, not a 400, and are checked before the schema so an oversized batch
 * is refused cheaply and with the right status.
 */
export function assertBatchWithin(raw: unknown, key: string, max: number, nested?: { key: string; max: number }): void {
  const list = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) return;
  if (list.length > max) throw new DomainError("PAYLOAD_TOO_LARGE", "too_many_items", { max, key, got: list.length });
  if (!nested) return;
  for (const item of list) {
    const inner = item && typeof item === "object" ? (item as Record<string, unknown>)[nested.key] : undefined;
    if (Array.isArray(inner) && inner.length > nested.max) throw new DomainError("PAYLOAD_TOO_LARGE", "too_many_items", { max: nested.max, key: `${nested.key} per ${key.replace(/s$/, "")}`, got: inner.length });
  }
}

// Client-safe constants of the nodes/telemetry UI. The server modules hold the same lists, but they
// import Node built-ins and the database schema, so the browser bundle gets its own copy.
import type { RouteLabel } from "@/server/services/telemetry";

export const CARRIERS = ["telecom", "unicom", "mobile"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const RANGES = ["1d", "7d", "30d"] as const;
export type HistoryRange = (typeof RANGES)[number];

/** Message keys of the route labels (labels like "CN2 GIA" are shown as-is, explained on hover). */
export const ROUTE_KEYS = {
  "CN2 GIA": "cn2gia",
  "CN2 GT": "cn2gt",
  AS9929: "as9929",
  CMIN2: "cmin2",
  CMI: "cmi",
  AS4837: "as4837",
  "163": "chinanet163",
  Ordinary: "ordinary",
  Unknown: "unknown",
} as const satisfies Record<RouteLabel, string>;
export type RouteKey = (typeof ROUTE_KEYS)[RouteLabel];

/** Premium lines stand out; the rest stay quiet. */
export const ROUTE_COLORS: Record<RouteLabel, string> = {
  "CN2 GIA": "grape",
  "CN2 GT": "violet",
  AS9929: "indigo",
  CMIN2: "cyan",
  CMI: "blue",
  AS4837: "teal",
  "163": "gray",
  Ordinary: "gray",
  Unknown: "gray",
};

/** Latency bands as users of lines to mainland China read them. */
export const LATENCY_BANDS = [
  { max: 80, color: "teal" },
  { max: 150, color: "lime" },
  { max: 250, color: "yellow" },
  { max: 400, color: "orange" },
] as const;

export const LATENCY_WORST_COLOR = "red";

export function latencyColor(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "gray";
  return LATENCY_BANDS.find((b) => ms <= b.max)?.color ?? LATENCY_WORST_COLOR;
}

export const CARRIER_COLORS: Record<Carrier, string> = { telecom: "blue.6", unicom: "red.6", mobile: "teal.6" };

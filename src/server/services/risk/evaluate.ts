// The thresholds of behaviour §8 as pure functions: what a scope's place counts, or one node-access
// event's figures, amount to. No I/O, so every threshold crossing is tested directly.
import type { GeoMarkKind, RiskLevel, RiskReason } from "../../db/schema";
import type { PlaceCounts } from "./geo-marks";
import type { RiskSettings } from "./risk-settings";

export interface Finding {
  reason: RiskReason;
  level: RiskLevel;
  evidence: Record<string, unknown>;
}

const GEO: { kind: GeoMarkKind; reason: RiskReason; warn: keyof RiskSettings; suspend: keyof RiskSettings }[] = [
  // Broadest first: when several kinds cross at the same level, the event names the broadest.
  { kind: "COUNTRY", reason: "COUNTRY_CHANGE", warn: "riskWarnCountries", suspend: "riskSuspendCountries" },
  { kind: "REGION", reason: "REGION_CHANGE", warn: "riskWarnRegions", suspend: "riskSuspendRegions" },
  { kind: "CITY", reason: "CITY_CHANGE", warn: "riskWarnCities", suspend: "riskSuspendCities" },
];

/** WARNING or SUSPEND for a count against its two thresholds; SUSPEND only when auto-suspend is on. */
function levelOf(n: number, warn: number, suspend: number, autoSuspend: boolean): RiskLevel | null {
  if (n >= suspend && autoSuspend) return "SUSPEND";
  if (n >= warn || n >= suspend) return "WARNING";
  return null;
}

/**
 * The geo finding of one scope, or null. Only kinds with a fresh place (new to the window, not
 * acknowledged by an admin's release) may raise one: the same places seen again are the same
 * evidence, whatever their count. The strongest level wins, then the broadest kind.
 */
export function geoFinding(counts: PlaceCounts, freshKinds: Set<GeoMarkKind>, places: Record<GeoMarkKind, string[]>, s: RiskSettings): Finding | null {
  let best: Finding | null = null;
  for (const g of GEO) {
    if (!freshKinds.has(g.kind)) continue;
    const level = levelOf(counts[g.kind], s[g.warn] as number, s[g.suspend] as number, s.riskAutoSuspend);
    if (!level || (best && (best.level === "SUSPEND" || level === "WARNING"))) continue;
    best = {
      reason: g.reason,
      level,
      evidence: { kind: g.kind, count: counts[g.kind], threshold: level === "SUSPEND" ? s[g.suspend] : s[g.warn], windowHours: s.riskWindowHours, counts, places: places[g.kind] },
    };
  }
  return best;
}

export interface NodeFigures {
  connectionCount: number;
  uniqueTargetCount: number;
}

/**
 * Node-log behaviour for one reported event: many connections (NODE_HIGH_FREQUENCY) or many distinct
 * targets (SCATTERED_TARGETS) in one agent interval. Both may hold; each is its own reason.
 */
export function nodeLogFindings(e: NodeFigures, s: RiskSettings): Finding[] {
  const out: Finding[] = [];
  const freq = levelOf(e.connectionCount, s.nodeLogWarnConnections, s.nodeLogSuspendConnections, s.riskAutoSuspend);
  if (freq) out.push({ reason: "NODE_HIGH_FREQUENCY", level: freq, evidence: { connectionCount: e.connectionCount, threshold: freq === "SUSPEND" ? s.nodeLogSuspendConnections : s.nodeLogWarnConnections } });
  const spread = levelOf(e.uniqueTargetCount, s.nodeLogWarnTargets, s.nodeLogSuspendTargets, s.riskAutoSuspend);
  if (spread) out.push({ reason: "SCATTERED_TARGETS", level: spread, evidence: { uniqueTargetCount: e.uniqueTargetCount, threshold: spread === "SUSPEND" ? s.nodeLogSuspendTargets : s.nodeLogWarnTargets } });
  return out;
}

/** Of two findings for the same scope and reason, the one to keep: the stronger, then the larger figure. */
export function stronger(a: Finding, b: Finding): Finding {
  if (a.level !== b.level) return a.level === "SUSPEND" ? a : b;
  const fig = (f: Finding) => Number(f.evidence.count ?? f.evidence.connectionCount ?? f.evidence.uniqueTargetCount ?? 0);
  return fig(b) > fig(a) ? b : a;
}

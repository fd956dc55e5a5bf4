// The risk thresholds and switches, read at most every few seconds per instance: the content
// endpoint and the agent ingest consult them on every request. An admin's change reaches every
// instance within TTL_MS.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets, type Settings } from "../settings";

export type RiskSettings = Pick<
  Settings,
  | "riskEnabled"
  | "riskAutoSuspend"
  | "riskWindowHours"
  | "riskWarnCountries"
  | "riskWarnRegions"
  | "riskWarnCities"
  | "riskSuspendCountries"
  | "riskSuspendRegions"
  | "riskSuspendCities"
  | "nodeLogRiskEnabled"
  | "nodeLogWarnConnections"
  | "nodeLogWarnTargets"
  | "nodeLogSuspendConnections"
  | "nodeLogSuspendTargets"
>;

const TTL_MS = 5_000;
const g = globalThis as unknown as { __relayboardRiskSettings?: { at: number; value: Promise<RiskSettings> } | null };

export function riskSettings(db: Db, now = Date.now()): Promise<RiskSettings> {
  const cached = g.__relayboardRiskSettings;
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = getSettingsWithSecrets(db).then((s): RiskSettings => ({
    riskEnabled: s.riskEnabled,
    riskAutoSuspend: s.riskAutoSuspend,
    riskWindowHours: s.riskWindowHours,
    riskWarnCountries: s.riskWarnCountries,
    riskWarnRegions: s.riskWarnRegions,
    riskWarnCities: s.riskWarnCities,
    riskSuspendCountries: s.riskSuspendCountries,
    riskSuspendRegions: s.riskSuspendRegions,
    riskSuspendCities: s.riskSuspendCities,
    nodeLogRiskEnabled: s.nodeLogRiskEnabled,
    nodeLogWarnConnections: s.nodeLogWarnConnections,
    nodeLogWarnTargets: s.nodeLogWarnTargets,
    nodeLogSuspendConnections: s.nodeLogSuspendConnections,
    nodeLogSuspendTargets: s.nodeLogSuspendTargets,
  }));
  g.__relayboardRiskSettings = { at: now, value };
  // A failed read is not cached: the next request asks again.
  value.catch(() => {
    if (g.__relayboardRiskSettings?.value === value) g.__relayboardRiskSettings = null;
  });
  return value;
}

/** Tests (and the settings form) change settings and expect the next request to see them. */
export function forgetRiskSettings(): void {
  g.__relayboardRiskSettings = null;
}

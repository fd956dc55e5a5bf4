// A suspend threshold below its warn threshold would suspend before it ever warned: each pair must
// keep warn <= suspend. Pure (no server imports): the settings form runs the same check.
import type { FieldCode } from "../../error-reasons";
import type { Settings } from "./schema";

type Key = keyof Settings;

export const RISK_THRESHOLD_PAIRS = [
  { warn: "riskWarnCountries", suspend: "riskSuspendCountries" },
  { warn: "riskWarnRegions", suspend: "riskSuspendRegions" },
  { warn: "riskWarnCities", suspend: "riskSuspendCities" },
  { warn: "nodeLogWarnConnections", suspend: "nodeLogSuspendConnections" },
  { warn: "nodeLogWarnTargets", suspend: "nodeLogSuspendTargets" },
] as const satisfies readonly { warn: Key; suspend: Key }[];

export interface ThresholdProblem {
  field: Key;
  code: Extract<FieldCode, "below_warn" | "above_suspend">;
  params: Record<string, number>;
}

/**
 * Pairs out of order in `values`. The problem is put on the field the person changed: the suspend
 * threshold ("below the warning threshold") unless only the warn threshold changed ("above the
 * suspension threshold"). With `changed`, only pairs it touches are checked, so a pair stored out
 * of order (by hand, or before this check) does not block saving unrelated settings; null checks
 * every pair as if its suspend side changed.
 */
export function thresholdProblems(values: Pick<Settings, (typeof RISK_THRESHOLD_PAIRS)[number][keyof (typeof RISK_THRESHOLD_PAIRS)[number]]>, changed: ReadonlySet<string> | null = null): ThresholdProblem[] {
  const out: ThresholdProblem[] = [];
  for (const p of RISK_THRESHOLD_PAIRS) {
    const warn = values[p.warn];
    const suspend = values[p.suspend];
    if (!(suspend < warn)) continue;
    if (changed && !changed.has(p.warn) && !changed.has(p.suspend)) continue;
    if (changed && changed.has(p.warn) && !changed.has(p.suspend)) out.push({ field: p.warn, code: "above_suspend", params: { suspend } });
    else out.push({ field: p.suspend, code: "below_warn", params: { warn } });
  }
  return out;
}

// Whether a node's agent is alive, from the times its reports last arrived. The kinds run on their
// own intervals (routes are traced far less often than latency is measured), so a node is stale
// only when *nothing* arrived for the setting's number of minutes, not when one slow kind is due.
import type { AgentReportKind } from "../../db/schema";

export type AgentState = "none" | "ok" | "stale";

/** The newest report of any kind (the per-kind times, or the node's last-report column). */
export function lastReportOf(lastReports: Partial<Record<AgentReportKind, string>> | null | undefined, lastAgentReportAt: Date | null): Date | null {
  let newest = lastAgentReportAt?.getTime() ?? NaN;
  for (const iso of Object.values(lastReports ?? {})) {
    const t = typeof iso === "string" ? Date.parse(iso) : NaN;
    if (Number.isFinite(t) && !(t <= newest)) newest = t;
  }
  return Number.isFinite(newest) ? new Date(newest) : null;
}

/** "none": never reported; "stale": the newest report is older than `staleMinutes`. */
export function agentStateOf(lastReport: Date | null, now: Date, staleMinutes: number): AgentState {
  if (!lastReport) return "none";
  return now.getTime() - lastReport.getTime() > staleMinutes * 60_000 ? "stale" : "ok";
}

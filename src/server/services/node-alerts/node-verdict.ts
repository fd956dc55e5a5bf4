// Whether a node is down, and since when, from what the site already records about it: the panel
// status the last sync wrote, and the agent's last reports judged exactly as the dashboard and the
// node page judge them (telemetry/agent-state.ts, `nodeStaleMinutes`).
//
// Which nodes are watched:
// - A PENDING node (never synced successfully, so it never served anyone) is not: alerts about a
//   node being set up would be noise. HIDDEN nodes are: hiding a node from the Lines page does not
//   stop the subscriptions already on it.
// - The agent is watched from its first report while the node has an agent token. A node whose
//   agent never reported is not "offline forever" (many sites run no agent); a node whose token was
//   revoked is no longer watched either, so its stale last report stops counting.
import type { AgentReportKind, NodeIncidentCause, NodeVisibility, PanelStatus } from "../../db/schema";
import { agentStateOf, lastReportOf } from "../telemetry/agent-state";

export interface WatchedNode {
  visibility: NodeVisibility;
  panelStatus: PanelStatus;
  panelCheckedAt: Date | null;
  hasAgentToken: boolean;
  lastAgentReportAt: Date | null;
  agentLastReports: Partial<Record<AgentReportKind, string>> | null;
}

export interface Outage { cause: NodeIncidentCause; since: Date }

/** Whether the node's agent counts at all (see above). */
export const agentWatched = (n: WatchedNode): boolean => n.visibility !== "PENDING" && n.hasAgentToken;

/**
 * The node's outage now, or null when it is healthy (or not watched). A failing panel comes first,
 * as on the dashboard. `since` is when the trouble began: the failing check, or the last report.
 */
export function outageOf(n: WatchedNode, now: Date, staleMinutes: number): Outage | null {
  if (n.visibility === "PENDING") return null;
  if (n.panelStatus === "ERROR") return { cause: "panel_error", since: earliest(n.panelCheckedAt ?? now, now) };
  if (!n.hasAgentToken) return null;
  const last = lastReportOf(n.agentLastReports, n.lastAgentReportAt);
  if (agentStateOf(last, now, staleMinutes) !== "stale") return null;
  return { cause: "agent_stale", since: earliest(last!, now) };
}

const earliest = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);

// The node watch (a periodic job on every instance): opens an incident when a node goes down and
// raises node.offline, closes it when the node is healthy again and raises node.online.
//
// Exactly once with any number of instances, without a lock: the open is an INSERT that the partial
// unique index node_incidents_open_key (one open incident per node) turns into nothing for the
// second instance, and the close is an UPDATE ... WHERE ended_at IS NULL that only one instance gets
// a row back from. The event is published in the same transaction as the write that won, so an
// event exists exactly when its incident change does.
//
// One incident spans the whole outage: it keeps the cause that opened it and stays open while the
// node is down for any cause (an agent back while the panel still fails is no recovery), so an
// outage whose cause changes raises one node.offline and one node.online, not a pair per cause.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodeIncidents, nodes, type NodeIncidentCause } from "../../db/schema";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { publishEvent } from "../events/publish";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasksAfter } from "../tasks/enqueue-task";
import { agentWatched, outageOf, type Outage, type WatchedNode } from "./node-verdict";

/** How often the job runs: an outage is noticed within this much of `nodeStaleMinutes`. */
export const NODE_ALERTS_EVERY_MS = 60_000;

/**
 * Why an incident ended: the node is healthy again, or it is no longer watched (its agent token was
 * revoked while the agent was the trouble), which is no proof it is up.
 */
export type IncidentResolution = "recovered" | "unwatched";

export interface NodeHealthCheck {
  opened: { nodeId: string; incidentId: string; cause: NodeIncidentCause }[];
  closed: { nodeId: string; incidentId: string; downtimeSeconds: number; resolution: IncidentResolution }[];
}

type NodeRow = WatchedNode & { id: string; name: string };

export async function checkNodeHealth(db: Db, now: Date = new Date()): Promise<NodeHealthCheck> {
  const result: NodeHealthCheck = { opened: [], closed: [] };
  const { nodeStaleMinutes } = await getSettingsWithSecrets(db);
  const [rows, open] = await Promise.all([
    db
      .select({
        id: nodes.id,
        name: nodes.name,
        visibility: nodes.visibility,
        panelStatus: nodes.panelStatus,
        panelCheckedAt: nodes.panelCheckedAt,
        hasAgentToken: sql<boolean>`${nodes.agentTokenHash} is not null`,
        lastAgentReportAt: nodes.lastAgentReportAt,
        agentLastReports: nodes.agentLastReports,
      })
      .from(nodes),
    db.select({ id: nodeIncidents.id, nodeId: nodeIncidents.nodeId }).from(nodeIncidents).where(isNull(nodeIncidents.endedAt)),
  ]);
  const openByNode = new Map(open.map((i) => [i.nodeId, i.id]));

  // Events kick the worker; held back until each transaction committed, so the dispatch finds its row.
  await kickTasksAfter(async () => {
    for (const node of rows as NodeRow[]) {
      const outage = outageOf(node, now, nodeStaleMinutes);
      const incidentId = openByNode.get(node.id);
      try {
        if (outage && !incidentId) {
          const id = await openIncident(db, node, outage);
          if (id) result.opened.push({ nodeId: node.id, incidentId: id, cause: outage.cause });
        } else if (!outage && incidentId) {
          const closed = await closeIncident(db, node, incidentId, now);
          if (closed) result.closed.push({ nodeId: node.id, incidentId, ...closed });
        }
      } catch (err) {
        // One node's failure (deleted under us, a lost connection) must not hide the others' outages.
        log.error("node alerts: node skipped", { nodeId: node.id, error: describeError(err) });
      }
    }
  });
  return result;
}

/** The periodic job's entry point. */
export const runNodeAlerts = (db: Db, now: Date = new Date()) => checkNodeHealth(db, now);

async function openIncident(db: Db, node: NodeRow, outage: Outage): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(nodeIncidents)
      .values({ nodeId: node.id, cause: outage.cause, startedAt: outage.since })
      // The only conflict an insert with a fresh id can meet is the open-incident index: another
      // instance opened it first.
      .onConflictDoNothing()
      .returning({ id: nodeIncidents.id });
    if (!row) return null;
    await publishEvent(tx, "node.offline", { nodeId: node.id, name: node.name, cause: outage.cause, since: outage.since.toISOString() });
    return row.id;
  });
}

async function closeIncident(db: Db, node: NodeRow, incidentId: string, now: Date): Promise<{ downtimeSeconds: number; resolution: IncidentResolution } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(nodeIncidents)
      .set({ endedAt: now })
      .where(and(eq(nodeIncidents.id, incidentId), isNull(nodeIncidents.endedAt)))
      .returning();
    if (!row) return null;
    const downtimeSeconds = Math.max(0, Math.round((now.getTime() - row.startedAt.getTime()) / 1000));
    const resolution: IncidentResolution = row.cause === "agent_stale" && !agentWatched(node) ? "unwatched" : "recovered";
    await publishEvent(tx, "node.online", {
      nodeId: node.id,
      name: node.name,
      cause: row.cause,
      since: row.startedAt.toISOString(),
      until: now.toISOString(),
      downtimeSeconds,
      resolution,
    });
    return { downtimeSeconds, resolution };
  });
}

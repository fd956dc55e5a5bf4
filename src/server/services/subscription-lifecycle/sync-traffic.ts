// The traffic sync (every 60 s, on every instance): one listInbounds() per node reads every client's
// up/down counters; usage grows by the difference from the counters we saw last (node_clients.last_*).
//
// Counting exactly once, with any number of instances: the new counters are written with a
// compare-and-set on the old ones, and the bytes are added to the subscription (and traffic_daily)
// in the same transaction only when that row changed. A second instance that read the same old
// counters finds them gone and adds nothing; whatever it saw beyond them is counted by the next sync.
//
// A counter below its last value went backwards (a panel reset, a re-created client): it counts from
// zero, so usage since the reset is kept and nothing is subtracted. What the panel counted between our
// last sync and its reset is the one thing no reader of two counters can know; at 60 s it is small.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodeClients, nodes, subscriptions, trafficDaily } from "../../db/schema";
import { describeError } from "../../describe-error";
import type { PanelClientTraffic } from "../../integrations/panel";
import { log } from "../../logger";
import { panelForNode } from "../nodes/panel-for-node";
import { syncClientsOf } from "../provisioning/provision-order";
import { kickTasks } from "../tasks";

export interface NodeTrafficResult { nodeId: string; ok: boolean; counted: number; bytes: number; exhausted: number }

/** Bytes used since the last reading: the difference, or the whole counter when it went backwards. */
export const counterDelta = (cur: number, prev: number): number => (cur >= prev ? cur - prev : cur);

/** Every node that carries our clients; a node whose panel fails is logged and skipped. */
export async function syncAllTraffic(db: Db, now = new Date()): Promise<NodeTrafficResult[]> {
  const rows = await db.selectDistinct({ nodeId: nodeClients.nodeId }).from(nodeClients);
  const results: NodeTrafficResult[] = [];
  for (const { nodeId } of rows) {
    try {
      results.push(await syncNodeTraffic(db, nodeId, now));
    } catch (err) {
      log.warn("traffic sync: node skipped", { nodeId, error: describeError(err) });
      results.push({ nodeId, ok: false, counted: 0, bytes: 0, exhausted: 0 });
    }
  }
  if (results.some((r) => r.exhausted > 0)) kickTasks();
  return results;
}

type ClientRow = { id: string; subscriptionId: string; email: string; lastUpBytes: number; lastDownBytes: number };

/** One node: one panel call, then one short transaction per client whose counters moved. Throws if the panel fails. */
export async function syncNodeTraffic(db: Db, nodeId: string, now = new Date()): Promise<NodeTrafficResult> {
  const result: NodeTrafficResult = { nodeId, ok: true, counted: 0, bytes: 0, exhausted: 0 };
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) return result;
  // Our last readings BEFORE the panel's: a reading taken after another instance stored newer
  // counters could otherwise be compared with panel counters older than those, look like a reset,
  // and be counted twice. Read first, the panel's counters can only be at or beyond what we hold.
  const rows: ClientRow[] = await db
    .select({ id: nodeClients.id, subscriptionId: nodeClients.subscriptionId, email: nodeClients.email, lastUpBytes: nodeClients.lastUpBytes, lastDownBytes: nodeClients.lastDownBytes })
    .from(nodeClients)
    .where(eq(nodeClients.nodeId, nodeId));
  if (rows.length === 0) return result;
  const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
  const panelInbounds = await panelForNode(node).listInbounds();
  for (const inbound of panelInbounds) {
    for (const stat of inbound.clientStats) {
      const row = byEmail.get(stat.email.toLowerCase());
      if (!row || (stat.up === row.lastUpBytes && stat.down === row.lastDownBytes)) continue;
      try {
        const counted = await db.transaction((tx) => countClientTraffic(tx, nodeId, row, stat, now));
        if (!counted) continue;
        result.counted++;
        result.bytes += counted.bytes;
        if (counted.exhausted) result.exhausted++;
      } catch (err) {
        log.error("traffic sync: client failed", { nodeId, nodeClientId: row.id, error: describeError(err) });
      }
    }
  }
  return result;
}

/** UTC calendar day, the key of traffic_daily. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

async function countClientTraffic(tx: Db, nodeId: string, row: ClientRow, cur: Pick<PanelClientTraffic, "up" | "down">, now: Date): Promise<{ bytes: number; exhausted: boolean } | null> {
  // The subscription row first, then its client rows (the order syncClientsOf's callers lock in), so
  // two clients of one subscription counted at once by two instances wait instead of deadlocking.
  const [locked] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, row.subscriptionId)).for("update");
  if (!locked) return null;
  const swapped = await tx
    .update(nodeClients)
    .set({ lastUpBytes: cur.up, lastDownBytes: cur.down })
    .where(and(eq(nodeClients.id, row.id), eq(nodeClients.lastUpBytes, row.lastUpBytes), eq(nodeClients.lastDownBytes, row.lastDownBytes)))
    .returning({ id: nodeClients.id });
  // Another instance stored newer counters first and counted these bytes.
  if (swapped.length === 0) return null;
  const up = counterDelta(cur.up, row.lastUpBytes);
  const down = counterDelta(cur.down, row.lastDownBytes);
  if (up + down === 0) return { bytes: 0, exhausted: false };
  const [sub] = await tx
    .update(subscriptions)
    .set({
      trafficUpBytes: sql`${subscriptions.trafficUpBytes} + ${up}`,
      trafficDownBytes: sql`${subscriptions.trafficDownBytes} + ${down}`,
      trafficUsedBytes: sql`${subscriptions.trafficUsedBytes} + ${up + down}`,
    })
    .where(eq(subscriptions.id, row.subscriptionId))
    .returning();
  await tx
    .insert(trafficDaily)
    .values({ day: utcDay(now), subscriptionId: sub!.id, userId: sub!.userId, nodeId, upBytes: up, downBytes: down })
    .onConflictDoUpdate({
      target: [trafficDaily.day, trafficDaily.subscriptionId, trafficDaily.nodeId],
      set: { upBytes: sql`${trafficDaily.upBytes} + excluded.up_bytes`, downBytes: sql`${trafficDaily.downBytes} + excluded.down_bytes` },
    });
  // Exhaustion is enforced by the one count that crosses the limit (under the subscription's lock,
  // so exactly once): the clients go off and the owner sees trafficExhausted. A top-up raises the
  // limit and re-enables them (syncClientsOf in provisioning); crossing the new limit fires again.
  const limit = sub!.trafficLimitBytes;
  const crossed = limit > 0 && sub!.trafficUsedBytes >= limit && sub!.trafficUsedBytes - (up + down) < limit;
  if (crossed) await syncClientsOf(tx, sub!, now);
  return { bytes: up + down, exhausted: crossed };
}

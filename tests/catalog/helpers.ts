// Fixtures for the catalog tests: a node with synced inbounds written straight into the mirror (the
// nodes service and its 3x-ui sync are another area's tests), and valid plan inputs to vary.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { auditLogs, inbounds, type NodeVisibility } from "../../src/server/db/schema";
import { insertNode } from "../telemetry/helpers";

let port = 30000;

/** A node with `count` synced, active inbounds (and optionally one that left the panel). */
export async function nodeWithInbounds(db: Db, opts: { visibility?: NodeVisibility; count?: number; inactive?: boolean } = {}) {
  const node = await insertNode(db, { visibility: opts.visibility ?? "VISIBLE", withToken: false });
  const rows = Array.from({ length: opts.count ?? 2 }, (_, i) => ({ nodeId: node.id, panelInboundId: i + 1, protocol: "vless", port: port++, remark: `in-${i + 1}` }));
  if (opts.inactive) rows.push({ nodeId: node.id, panelInboundId: 99, protocol: "vmess", port: port++, remark: "gone" });
  const inserted = await db.insert(inbounds).values(rows).returning({ id: inbounds.id, remark: inbounds.remark });
  const gone = inserted.find((i) => i.remark === "gone");
  if (gone) await db.update(inbounds).set({ active: false }).where(eq(inbounds.id, gone.id));
  return { id: node.id, name: node.name, inboundIds: inserted.filter((i) => i.remark !== "gone").map((i) => i.id), inactiveInboundId: gone?.id };
}

let seq = 0;
export const uniqueName = (prefix = "plan") => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/** A valid FIXED proxy plan on the node. */
export const proxyPlan = (node: { id: string; inboundIds: string[] }, over: Record<string, unknown> = {}) => ({
  kind: "PROXY",
  name: uniqueName(),
  nodeId: node.id,
  inboundIds: node.inboundIds,
  pricingMode: "FIXED",
  priceMinor: 1999,
  trafficGb: 100,
  durationDays: 30,
  ...over,
});

export const trialPlan = (node: { id: string; inboundIds: string[] }, over: Record<string, unknown> = {}) => ({
  kind: "TRIAL",
  name: uniqueName("trial"),
  nodeId: node.id,
  inboundIds: node.inboundIds.slice(0, 1),
  priceMinor: 0,
  trafficGb: 5,
  durationDays: 3,
  ...over,
});

export const streamingPlan = (serviceId: string, over: Record<string, unknown> = {}) => ({
  kind: "STREAMING",
  name: uniqueName("stream"),
  streamingServiceId: serviceId,
  priceMinor: 1500,
  durationDays: 30,
  ...over,
});

export const randomId = () => randomUUID();

/** Audit rows about one target, oldest first. */
export const auditOf = (db: Db, targetId: string) => db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId)).orderBy(auditLogs.createdAt);

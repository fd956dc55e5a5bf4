// The admin's node latency log list: one probe result per row, newest first, keyset pages
// (keyset.ts). Filters: node, carrier and date range. A node filter walks (node_id, created_at),
// node and carrier (node_id, carrier, created_at); a carrier alone filters a walk of created_at
// (three carriers: about a third of the rows match, so that walk stops early).
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { CARRIERS, nodeLatencyLogs as l, nodes, type Carrier } from "../../db/schema";
import { parseInput } from "../../validation";
import { cursorTextOf, keysetPage, opt, pageFields, rangeConds, rangeIsOrdered, type LogPage } from "./keyset";

export const NodeLatencyLogListInput = z
  .object({
    nodeId: opt(z.uuid()),
    carrier: opt(z.enum(CARRIERS)),
    ...pageFields,
  })
  .refine(rangeIsOrdered, { path: ["to"], message: "before_start" });
export type NodeLatencyLogListFilter = z.input<typeof NodeLatencyLogListInput>;

export interface NodeLatencyLogRow {
  id: number;
  createdAt: Date;
  nodeId: string;
  nodeName: string | null;
  carrier: Carrier;
  latencyMs: number;
}

const cols = { createdAt: l.createdAt, id: l.id };

export async function listNodeLatencyLogs(ctx: Ctx, raw: unknown = {}): Promise<LogPage<NodeLatencyLogRow>> {
  requireAdmin(ctx, "logs.read");
  const f = parseInput(NodeLatencyLogListInput, raw);
  const conds: SQL[] = [];
  if (f.nodeId) conds.push(eq(l.nodeId, f.nodeId));
  if (f.carrier) conds.push(eq(l.carrier, f.carrier));
  conds.push(...rangeConds(cols, f));
  const page = await keysetPage<Omit<NodeLatencyLogRow, "nodeName">>(cols, conds, f, (where, orderBy, limit) =>
    ctx.db
      .select({ id: l.id, cursor: cursorTextOf(cols), createdAt: l.createdAt, nodeId: l.nodeId, carrier: l.carrier, latencyMs: l.latencyMs })
      .from(l)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  );
  const ids = [...new Set(page.rows.map((x) => x.nodeId))];
  const names = ids.length ? await ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).where(inArray(nodes.id, ids)) : [];
  const byId = new Map(names.map((n) => [n.id, n.name]));
  return { ...page, rows: page.rows.map((x) => ({ ...x, nodeName: byId.get(x.nodeId) ?? null })) };
}

/** The node filter's choices. */
export async function listLogNodes(ctx: Ctx): Promise<{ id: string; name: string }[]> {
  requireAdmin(ctx, "logs.read");
  return ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name));
}

// Inbound sync (behaviour §9): the panel call happens outside any transaction; the mirror is then
// written in one transaction. Other clients' secrets are stripped; display names survive; inbounds
// gone from the panel become inactive; the panel itself is never changed.
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { inbounds, nodes } from "../../db/schema";
import type { ErrorReason } from "../../error-reasons";
import { errorText } from "../../i18n/error-text";
import { isPanelError, sanitizeInboundSettings, sanitizeStreamSettings, type PanelInbound } from "../../integrations/panel";
import { log } from "../../logger";
import { panelForNode } from "./panel-for-node";
import { getNodeOrThrow } from "./queries";

/**
 * A failed sync's error: `message` in the caller's language (the CLI prints it), `reason` and
 * `details` (reason and parameters) for the browser, which words it from the same catalogue.
 */
export interface SyncError { code: string; message: string; reason: string; details: Record<string, unknown> }
export interface SyncResult { ok: boolean; inboundCount: number; error?: SyncError }

/** The parameters of a panel error's sentence (never the fields a person need not see). */
function panelParams(details: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) if (k !== "reason" && (typeof v === "string" || typeof v === "number")) out[k] = v;
  return out;
}

function syncError(ctx: Ctx, code: string, reason: ErrorReason, params: Record<string, string | number>): SyncError {
  const details = { reason, ...params };
  return { code, message: errorText(ctx.locale, reason, details) ?? reason, reason, details };
}

export async function writeInboundMirror(ctx: Ctx, nodeId: string, list: PanelInbound[]): Promise<number> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const ib of list) {
      const values = {
        tag: ib.tag,
        remark: ib.remark,
        protocol: ib.protocol,
        port: ib.port,
        listen: ib.listen,
        enabled: ib.enable,
        active: true,
        settings: sanitizeInboundSettings(ib.settings),
        streamSettings: sanitizeStreamSettings(ib.streamSettings),
        clientCount: ib.clients.length,
        syncedAt: now,
      };
      await tx
        .insert(inbounds)
        .values({ nodeId, panelInboundId: ib.id, ...values })
        .onConflictDoUpdate({ target: [inbounds.nodeId, inbounds.panelInboundId], set: values });
    }
    const seen = list.map((i) => i.id);
    await tx
      .update(inbounds)
      .set({ active: false, syncedAt: now })
      .where(seen.length ? and(eq(inbounds.nodeId, nodeId), notInArray(inbounds.panelInboundId, seen)) : eq(inbounds.nodeId, nodeId));
    // The first successful sync reveals a new (PENDING) node to users; a state the admin or an
    // earlier sync set is kept. Decided in the UPDATE itself, so it cannot race the admin's switch.
    await tx
      .update(nodes)
      // contentVersion: links are built from the mirrored inbounds, so rendered content is re-made.
      .set({ contentVersion: sql`${nodes.contentVersion} + 1`, panelStatus: "OK", panelError: null, panelErrorReason: null, panelErrorParams: null, panelCheckedAt: now, lastSyncAt: now, visibility: sql`case when ${nodes.visibility} = 'PENDING' then 'VISIBLE' else ${nodes.visibility} end` })
      .where(eq(nodes.id, nodeId));
  });
  return list.length;
}

/**
 * Logs in, lists inbounds and mirrors them. A panel failure is recorded on the node and returned,
 * not thrown. Anything else (our database, a bug) is not the panel's fault: it is logged with the
 * request id and returned as `internal_error` with that reference, leaving the panel status as it was.
 */
export async function syncNodeInbounds(ctx: Ctx, nodeId: string, opts: { fresh?: boolean } = {}): Promise<SyncResult> {
  const node = await getNodeOrThrow(ctx.db, nodeId);
  const panel = panelForNode(node);
  try {
    if (opts.fresh) await panel.testConnection();
    const list = await panel.listInbounds();
    return { ok: true, inboundCount: await writeInboundMirror(ctx, nodeId, list) };
  } catch (err) {
    if (!isPanelError(err)) return recordInternalError(ctx, nodeId, err);
    const params = panelParams(err.details);
    await ctx.db
      .update(nodes)
      .set({ panelStatus: "ERROR", panelError: err.message.slice(0, 500), panelErrorReason: err.reason, panelErrorParams: params, panelCheckedAt: ctx.now() })
      .where(eq(nodes.id, nodeId));
    return { ok: false, inboundCount: 0, error: syncError(ctx, err.code, err.reason, params) };
  }
}

async function recordInternalError(ctx: Ctx, nodeId: string, err: unknown): Promise<SyncResult> {
  log.error("node sync failed (not a panel error)", { requestId: ctx.requestId, nodeId, error: err });
  const params = { ref: ctx.requestId };
  try {
    await ctx.db
      .update(nodes)
      .set({ panelError: errorText("en", "internal_error", params), panelErrorReason: "internal_error", panelErrorParams: params })
      .where(eq(nodes.id, nodeId));
  } catch (recordErr) {
    // The database itself may be what failed; the log line above still carries the cause.
    log.error("node sync: could not record the internal error on the node", { requestId: ctx.requestId, nodeId, error: recordErr });
  }
  return { ok: false, inboundCount: 0, error: syncError(ctx, "INTERNAL", "internal_error", params) };
}

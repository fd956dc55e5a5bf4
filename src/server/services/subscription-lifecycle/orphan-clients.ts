// "Remove orphan clients" on the admin node page: deletes from the panel the orphans of the node's
// last drift report (clients with our email pattern that no subscription wants) that the admin saw
// and confirmed. Each one is checked again just before its delete, because a sync may have given it
// a node_clients row since the report: a client that has a subscription now is never deleted.
import { and, eq, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { nodeClients, nodes, type Node, type OrphanDriftItem } from "../../db/schema";
import { describeError } from "../../describe-error";
import { isDomainError, notFound } from "../../errors";
import { log } from "../../logger";
import { isUuid } from "../../uuid";
import { recordAudit } from "../audit";
import { panelForNode } from "../nodes/panel-for-node";
import { isOurClientEmail } from "../provisioning/credentials";
import { reconcileNode } from "./reconcile";

export interface OrphanRemoval {
  removed: string[];
  /** 3x-ui refuses to delete an inbound's last client; switched off, it serves nobody. */
  disabled: string[];
  /** Now wanted by a subscription (a row appeared after the report): left alone. */
  kept: string[];
  /** Already gone from the panel. */
  gone: string[];
  /** The panel refused or did not answer; still reported. */
  failed: string[];
  /** Whether the drift report was rebuilt from the panel afterwards. */
  refreshed: boolean;
}

type Outcome = Exclude<keyof OrphanRemoval, "refreshed">;

/** At most this many emails go into the audit row; the counts are always complete. */
const AUDIT_EMAILS = 100;

/**
 * Removes the orphans of the stored report whose emails are in `confirmed` (what the confirmation
 * dialog listed, so an orphan found by a later check is never removed unseen), audits what happened,
 * and checks the node again. Throws the panel's error when it could not remove anything.
 */
export async function removeOrphanClients(ctx: Ctx, nodeId: string, confirmed: readonly string[]): Promise<OrphanRemoval> {
  requireAdmin(ctx, "nodes.write");
  if (!isUuid(nodeId)) throw notFound("node");
  const [node] = await ctx.db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) throw notFound("node");
  const wanted = new Set(confirmed.map((e) => e.toLowerCase()));
  const listed = (node.drift ?? []).filter((d): d is OrphanDriftItem => d.kind === "orphan" && wanted.has(d.email.toLowerCase()) && isOurClientEmail(d.email));
  const result: OrphanRemoval = { removed: [], disabled: [], kept: [], gone: [], failed: [], refreshed: false };
  if (listed.length === 0) return result;

  let panelError: unknown;
  for (const [i, orphan] of listed.entries()) {
    try {
      result[await removeOne(ctx, node, orphan)].push(orphan.email);
    } catch (err) {
      log.warn("orphan removal: client not removed", { nodeId, email: orphan.email, error: describeError(err) });
      panelError ??= err;
      result.failed.push(orphan.email);
      // An unreachable panel fails every call after a timeout each: the rest are not tried.
      if (isDomainError(err) && err.code === "UNAVAILABLE") {
        result.failed.push(...listed.slice(i + 1).map((o) => o.email));
        break;
      }
    }
  }

  const handled = [...result.removed, ...result.disabled];
  await recordAudit(ctx, {
    action: "admin.node.remove_orphans",
    targetType: "node",
    targetId: nodeId,
    metadata: {
      removed: result.removed.length, disabled: result.disabled.length, kept: result.kept.length, gone: result.gone.length, failed: result.failed.length,
      emails: handled.slice(0, AUDIT_EMAILS),
    },
  });
  result.refreshed = await refreshReport(ctx, nodeId, [...result.removed, ...result.gone]);
  if (panelError && handled.length === 0 && result.gone.length === 0) throw panelError;
  return result;
}

/** Deletes one orphan unless it is wanted again; the re-check runs right before the panel call. */
async function removeOne(ctx: Ctx, node: Node, orphan: OrphanDriftItem): Promise<Outcome> {
  const [row] = await ctx.db
    .select({ id: nodeClients.id })
    .from(nodeClients)
    .where(and(eq(nodeClients.nodeId, node.id), sql`lower(${nodeClients.email}) = ${orphan.email.toLowerCase()}`))
    .limit(1);
  if (row) return "kept";
  const panel = panelForNode(node);
  try {
    await panel.deleteClient(orphan.panelInboundId, orphan.email);
    return "removed";
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") return "gone";
    if (isDomainError(err) && err.reason === "panel_last_client") {
      await panel.setClientEnabled(orphan.panelInboundId, orphan.email, false);
      return "disabled";
    }
    throw err;
  }
}

/**
 * Checks the node again so the page shows what is left. When the panel cannot be read now, the
 * clients known to be gone are taken off the stored report instead.
 */
async function refreshReport(ctx: Ctx, nodeId: string, goneEmails: string[]): Promise<boolean> {
  try {
    await reconcileNode(ctx.db, nodeId, ctx.now());
    return true;
  } catch (err) {
    log.warn("orphan removal: re-check failed", { nodeId, error: describeError(err) });
    const gone = new Set(goneEmails.map((e) => e.toLowerCase()));
    const [node] = await ctx.db.select({ drift: nodes.drift }).from(nodes).where(eq(nodes.id, nodeId));
    const left = (node?.drift ?? []).filter((d) => !(d.kind === "orphan" && gone.has(d.email.toLowerCase())));
    await ctx.db.update(nodes).set({ drift: left }).where(eq(nodes.id, nodeId));
    return false;
  }
}

// The admin's switch for whether users see a node (states and the automatic first reveal are
// described at NODE_VISIBILITIES in the schema; the reveal itself happens in writeInboundMirror).
import { eq } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { nodes, type NodeVisibility } from "../../db/schema";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { NodeVisibilityInput } from "./inputs";
import { getNodeOrThrow } from "./queries";

/**
 * Shows or hides a node for users. The choice is explicit and final until the admin flips it again:
 * hiding a node that has not synced yet keeps it hidden after its first successful sync.
 */
export async function setNodeVisibility(ctx: Ctx, id: string, raw: unknown): Promise<{ id: string; visibility: NodeVisibility }> {
  requireAdmin(ctx, "nodes.write");
  const { visible } = parseInput(NodeVisibilityInput, raw);
  const visibility: NodeVisibility = visible ? "VISIBLE" : "HIDDEN";
  await ctx.db.transaction(async (tx) => {
    const before = await getNodeOrThrow(tx, id);
    // Not updatedAt: that keys the cached panel session, which a visibility change does not affect.
    await tx.update(nodes).set({ visibility }).where(eq(nodes.id, id));
    await recordAudit(ctx, { action: "admin.node.visibility", targetType: "node", targetId: id, metadata: { name: before.name, from: before.visibility, to: visibility } }, tx);
  });
  return { id, visibility };
}

// Agent tokens: generated here, shown once, stored encrypted and as a keyed hash (telemetry's
// resolver finds the node by that hash with one indexed lookup).
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { encryptSecret } from "../../crypto/secrets";
import { nodes } from "../../db/schema";
import { recordAudit } from "../audit";
import { newAgentToken } from "../telemetry/agent-token";
import { getNodeOrThrow } from "./queries";

/** Issues a new token for the node; the previous one stops working at once. */
export async function generateAgentToken(ctx: Ctx, nodeId: string): Promise<{ token: string; createdAt: Date }> {
  requireAdmin(ctx, "nodes.write");
  const { token, hash } = newAgentToken();
  const createdAt = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await getNodeOrThrow(tx, nodeId);
    await tx
      .update(nodes)
      .set({ agentTokenEnc: encryptSecret(token), agentTokenHash: hash, agentTokenCreatedAt: createdAt })
      .where(eq(nodes.id, nodeId));
    await recordAudit(ctx, { action: "admin.node.agent_token.generate", targetType: "node", targetId: nodeId, metadata: { name: before.name, replaced: Boolean(before.agentTokenHash) } }, tx);
  });
  return { token, createdAt };
}

export async function revokeAgentToken(ctx: Ctx, nodeId: string): Promise<{ revoked: boolean }> {
  requireAdmin(ctx, "nodes.write");
  return ctx.db.transaction(async (tx) => {
    const before = await getNodeOrThrow(tx, nodeId);
    await tx.update(nodes).set({ agentTokenEnc: null, agentTokenHash: null, agentTokenCreatedAt: null }).where(eq(nodes.id, nodeId));
    await recordAudit(ctx, { action: "admin.node.agent_token.revoke", targetType: "node", targetId: nodeId, metadata: { name: before.name, hadToken: Boolean(before.agentTokenHash) } }, tx);
    return { revoked: Boolean(before.agentTokenHash) };
  });
}

// rotateSubscriptionAccess (behaviour §7): a new download token and a new credential for every panel
// client, so a leaked link or share code stops working. The client's email stays, so the panel's
// usage counters (and the traffic already used) carry over; only the secret changes.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { inbounds, nodeClients, subscriptions } from "../../db/schema";
import { encryptSecret } from "../../crypto/secrets";
import { conflict } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { newCredential } from "../provisioning/credentials";
import { newDownloadToken, syncClientsOf } from "../provisioning/provision-order";
import { kickTasks } from "../tasks";
import { subscriptionMissing } from "./admin-ops";

/**
 * The owner (or an admin) rotates a proxy subscription that is not cancelled. Answers the new
 * download token to the owner, who sees it on their page anyway; an admin gets none.
 */
export async function rotateSubscriptionAccess(ctx: Ctx, rawId: string): Promise<{ token: string | null }> {
  const { userId, role } = requireUser(ctx);
  const id = parseInput(z.uuid(), rawId);
  const now = ctx.now();
  const token = newDownloadToken();
  const owner = await ctx.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    // Someone else's subscription is "not found", never "forbidden": ids are not confirmed to strangers.
    if (!sub || (sub.userId !== userId && role !== "ADMIN")) throw subscriptionMissing();
    if (sub.kind !== "PROXY") throw conflict("subscription_not_proxy");
    if (sub.status === "CANCELLED") throw conflict("subscription_is_cancelled");
    const [next] = await tx
      .update(subscriptions)
      .set({ downloadTokenHash: token.hash, downloadTokenEnc: token.enc, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    const clients = await tx
      .select({ id: nodeClients.id, protocol: nodeClients.protocol, settings: inbounds.settings })
      .from(nodeClients)
      .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
      .where(eq(nodeClients.subscriptionId, id));
    for (const c of clients) {
      await tx.update(nodeClients).set({ credentialEnc: encryptSecret(newCredential(c.protocol, c.settings)) }).where(eq(nodeClients.id, c.id));
    }
    // Marks the clients PENDING, queues their sync (the task updates the credential by email) and
    // bumps the content version, so no cached document keeps the old credentials.
    await syncClientsOf(tx, next!, now);
    await recordAudit(ctx, { action: "subscription.access_rotated", targetType: "subscription", targetId: id, metadata: { userId: sub.userId, clients: clients.length, by: sub.userId === userId ? "owner" : "admin" } }, tx);
    return sub.userId === userId;
  });
  kickTasks();
  return { token: owner ? token.token : null };
}

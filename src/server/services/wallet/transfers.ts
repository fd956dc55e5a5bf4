// [wallet] Subscription transfers, the users' side (behaviour §13): the owner pushes an active proxy
// subscription to another account by email; the receiver accepts or rejects it; the sender may
// cancel it while it waits (24 hours, then the expiry job ends it: transfers-admin.ts).
//
// Pushing suspends the subscription (panel clients off) and, when the sender bears the fee, charges
// it, in one transaction with the transfer row: the partial unique index allows one AWAITING transfer
// per subscription. Accepting moves the subscription to the receiver with new panel clients (the old
// ones are removed from the panel), a new credential and a new download token, its prior status, its
// remaining period and traffic; a receiver-borne fee is charged in the same transaction, so a short
// balance leaves everything (the transfer still awaiting) as it was. Each end is one conditional
// update from AWAITING (transfers-unwind.ts), so an accept racing a cancel or the expiry job ends
// one way only, and the fee moves or comes back exactly once.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { encryptSecret } from "../../crypto/secrets";
import { inbounds, nodeClients, plans, riskGeoMarks, subscriptionDevices, subscriptions, subscriptionTransfers, users, type SubscriptionStatus, type SubscriptionTransfer } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { limitTransferInitiation } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import { EmailInput } from "../accounts/inputs";
import { recordAudit } from "../audit";
import { clientEmailFor, newCredential } from "../provisioning/credentials";
import { enqueueClientDelete } from "../provisioning/panel-client-delete";
import { newDownloadToken, syncClientsOf } from "../provisioning/provision-order";
import { forgetDevice } from "../risk/device-cache";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { requireWalletEdition } from "./edition";
import { planPriceMinor, transferTerms } from "./transfers-fee";
import { tellTransfer } from "./transfers-notice";
import { chargeFeeOnce, resolveAwaiting, transferParties, unwindTransfer } from "./transfers-unwind";

/** How long a push waits for the receiver (interface.md: 24 hours). */
export const TRANSFER_PENDING_MS = 24 * 3600_000;

const TransferId = z.uuid();
const InitiateInput = z.object({ subscriptionId: z.uuid(), email: EmailInput });

export const transferMissing = () => new DomainError("NOT_FOUND", "transfer_not_found");
const subscriptionMissing = () => new DomainError("NOT_FOUND", "subscription_not_found");

/** Why the caller's subscription cannot be pushed: it already awaits an answer, or it is not an active proxy one. */
async function initiateRefusal(tx: Tx, subscriptionId: string): Promise<DomainError> {
  const [open] = await tx
    .select({ id: subscriptionTransfers.id })
    .from(subscriptionTransfers)
    .where(and(eq(subscriptionTransfers.subscriptionId, subscriptionId), eq(subscriptionTransfers.status, "AWAITING")));
  return open ? conflict("transfer_pending") : conflict("transfer_not_allowed");
}

/**
 * Pushes the caller's active proxy subscription to the account with `email`. Rate limited per
 * account and per IP before the address is looked up: "no active account uses this email" is an
 * answer about someone else's account, so it must not be asked in bulk.
 */
export async function initiateSubscriptionTransfer(ctx: Ctx, raw: unknown): Promise<SubscriptionTransfer> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const input = parseInput(InitiateInput, raw);
  await limitTransferInitiation(userId, ctx.ip);
  const settings = await getSettingsWithSecrets(ctx.db);
  const now = ctx.now();
  const transfer = await ctx.db.transaction(async (tx) => {
    const [receiver] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, input.email));
    if (receiver?.id === userId) throw conflict("transfer_to_self");
    if (!receiver || receiver.status !== "ACTIVE") throw conflict("transfer_receiver_unknown");

    // Read first, then the transfer row, then the conditional suspend: the same lock order (transfer,
    // then subscription) as every other transfer verb, so none of them can deadlock with another.
    const [current] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, userId)));
    // Someone else's subscription is "not found", never "forbidden": ids are not confirmed to strangers.
    if (!current) throw subscriptionMissing();
    // A free trial is one per person (trial_claims): pushing trials from fresh accounts into one
    // account would undo that rule, so a trial stays with the account that claimed it.
    if (current.kind !== "PROXY" || current.trial || current.status !== "ACTIVE" || current.riskRestricted) throw await initiateRefusal(tx, current.id);
    const [plan] = await tx.select().from(plans).where(eq(plans.id, current.planId));
    const terms = transferTerms(settings, plan ? planPriceMinor(plan, current.trafficLimitBytes) : 0);

    // One AWAITING transfer per subscription (the partial unique index), whoever asks at once.
    const [row] = await tx
      .insert(subscriptionTransfers)
      .values({
        subscriptionId: current.id,
        fromUserId: userId,
        toUserId: receiver.id,
        status: "AWAITING",
        feeMinor: terms.feeMinor,
        feeBearer: terms.feeBearer,
        priorStatus: "ACTIVE",
        periodStart: now,
        expiresAt: new Date(now.getTime() + TRANSFER_PENDING_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("transfer_pending");

    // The door of the push: the owner's ACTIVE proxy subscription (not held by risk control) is suspended.
    const [sub] = await tx
      .update(subscriptions)
      .set({ status: "SUSPENDED", updatedAt: now })
      .where(
        and(
          eq(subscriptions.id, current.id),
          eq(subscriptions.userId, userId),
          eq(subscriptions.status, "ACTIVE"),
          eq(subscriptions.kind, "PROXY"),
          eq(subscriptions.trial, false),
          eq(subscriptions.riskRestricted, false),
        ),
      )
      .returning();
    // Changed between the read and the update (an admin, risk control, the expiry job).
    if (!sub) throw conflict("transfer_not_allowed");

    // Clients off (desired state: not ACTIVE) and the content version bumped, like an admin's suspend.
    await syncClientsOf(tx, sub, now);
    const charged = terms.feeBearer === "SENDER" ? await chargeFeeOnce(tx, row, userId, now, userId) : 0;
    await recordAudit(
      ctx,
      { action: "wallet.transfer.initiated", targetType: "subscription_transfer", targetId: row.id, metadata: { subscriptionId: sub.id, from: userId, to: receiver.id, feeMinor: row.feeMinor, feeBearer: row.feeBearer, chargedMinor: charged } },
      tx,
    );
    const parties = await transferParties(tx, row);
    await tellTransfer(tx, receiver.id, row.id, "incoming", { plan: parties.plan, email: parties.fromEmail });
    return charged ? { ...row, feeChargedAt: now } : row;
  });
  kickTasks();
  return transfer;
}

/** The caller's own transfer as receiver or sender, or not found (a stranger's id is never confirmed). */
async function refusalFor(tx: Tx, id: string, side: "toUserId" | "fromUserId", userId: string): Promise<DomainError> {
  const [row] = await tx.select().from(subscriptionTransfers).where(eq(subscriptionTransfers.id, id));
  if (!row || row[side] !== userId) return transferMissing();
  return conflict("transfer_not_awaiting");
}

/**
 * The receiver accepts: AWAITING -> COMPLETED (the door, only before its expiry), the receiver-borne
 * fee charged, and the subscription moved to them with new access. Anything refused rolls back the
 * whole transaction, so the transfer keeps awaiting.
 */
export async function acceptSubscriptionTransfer(ctx: Ctx, rawId: string): Promise<SubscriptionTransfer> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const id = parseInput(TransferId, rawId);
  const now = ctx.now();
  const forgotten: string[] = [];
  const done = await ctx.db.transaction(async (tx) => {
    const t = await resolveAwaiting(tx, id, "COMPLETED", now, and(eq(subscriptionTransfers.toUserId, userId), sql`${subscriptionTransfers.expiresAt} > ${now}`));
    if (!t) throw await refusalFor(tx, id, "toUserId", userId);
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, t.subscriptionId)).for("update");
    // Still as the push left it: suspended by it, the sender's, not held by risk control. (An admin
    // who activated or cancelled it meanwhile decided otherwise; the sender can cancel the push.)
    if (!sub || sub.userId !== t.fromUserId || sub.status !== "SUSPENDED" || sub.riskRestricted || sub.kind !== "PROXY") throw conflict("transfer_not_allowed");
    const charged = t.feeBearer === "RECEIVER" ? await chargeFeeOnce(tx, t, userId, now, userId) : 0;
    const [receiver] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));

    // The new owner, with a new download token; auto-renew is the sender's choice, paid from the
    // sender's balance, so it does not travel with the subscription.
    const token = newDownloadToken();
    const [moved] = await tx
      .update(subscriptions)
      .set({ userId, status: t.priorStatus as SubscriptionStatus, downloadTokenHash: token.hash, downloadTokenEnc: token.enc, autoRenew: false, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();

    // New panel clients under the receiver's email with new credentials; the old ones leave the panel.
    const old = await tx
      .select({ id: nodeClients.id, nodeId: nodeClients.nodeId, inboundId: nodeClients.inboundId, email: nodeClients.email, protocol: nodeClients.protocol, panelInboundId: inbounds.panelInboundId, settings: inbounds.settings })
      .from(nodeClients)
      .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
      .where(eq(nodeClients.subscriptionId, sub.id));
    for (const c of old) {
      await tx.delete(nodeClients).where(eq(nodeClients.id, c.id));
      await enqueueClientDelete(tx, { nodeId: c.nodeId, panelInboundId: c.panelInboundId, email: c.email });
      await tx.insert(nodeClients).values({
        subscriptionId: sub.id,
        nodeId: c.nodeId,
        inboundId: c.inboundId,
        email: clientEmailFor(receiver!.email),
        protocol: c.protocol,
        credentialEnc: encryptSecret(newCredential(c.protocol, c.settings)),
        totalBytes: moved!.trafficLimitBytes,
        expiryMs: moved!.expiresAt.getTime(),
        createdAt: now,
        updatedAt: now,
      });
    }
    // Enables the new clients per the one desired-state rule, queues their sync, bumps the content version.
    await syncClientsOf(tx, moved!, now);

    // The sender's devices (model, IP, place) and the places it was used from are the sender's, not the receiver's.
    const devices = await tx.delete(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id)).returning({ hwidHash: subscriptionDevices.hwidHash });
    forgotten.push(...devices.map((d) => d.hwidHash));
    await tx.delete(riskGeoMarks).where(eq(riskGeoMarks.scopeKey, `sub:${sub.id}`));

    await recordAudit(
      ctx,
      { action: "wallet.transfer.accepted", targetType: "subscription_transfer", targetId: t.id, metadata: { subscriptionId: sub.id, from: t.fromUserId, to: userId, feeBearer: t.feeBearer, chargedMinor: charged, panelClients: old.length } },
      tx,
    );
    const parties = await transferParties(tx, t);
    await tellTransfer(tx, t.fromUserId, t.id, "accepted", { plan: parties.plan, email: parties.toEmail });
    return { ...t, feeChargedAt: charged ? now : t.feeChargedAt };
  });
  for (const hwid of forgotten) forgetDevice(done.subscriptionId, hwid);
  kickTasks();
  return done;
}

/** The receiver says no: REJECTED, the subscription back to the sender, a charged fee refunded. */
export async function rejectSubscriptionTransfer(ctx: Ctx, rawId: string): Promise<SubscriptionTransfer> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const id = parseInput(TransferId, rawId);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const t = await resolveAwaiting(tx, id, "REJECTED", now, eq(subscriptionTransfers.toUserId, userId));
    if (!t) throw await refusalFor(tx, id, "toUserId", userId);
    const unwound = await unwindTransfer(tx, t, now, userId);
    await recordAudit(ctx, { action: "wallet.transfer.rejected", targetType: "subscription_transfer", targetId: t.id, metadata: { subscriptionId: t.subscriptionId, from: t.fromUserId, to: t.toUserId, ...unwound } }, tx);
    const parties = await transferParties(tx, t);
    await tellTransfer(tx, t.fromUserId, t.id, "rejected", { plan: parties.plan, email: parties.toEmail });
    return t;
  });
  kickTasks();
  return done;
}

/** The sender takes it back while it waits: CANCELLED, restored, refunded; the receiver is told it was withdrawn. */
export async function cancelSubscriptionTransfer(ctx: Ctx, rawId: string): Promise<SubscriptionTransfer> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const id = parseInput(TransferId, rawId);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const t = await resolveAwaiting(tx, id, "CANCELLED", now, eq(subscriptionTransfers.fromUserId, userId));
    if (!t) throw await refusalFor(tx, id, "fromUserId", userId);
    const unwound = await unwindTransfer(tx, t, now, userId);
    await recordAudit(ctx, { action: "wallet.transfer.cancelled", targetType: "subscription_transfer", targetId: t.id, metadata: { subscriptionId: t.subscriptionId, from: t.fromUserId, to: t.toUserId, by: "sender", ...unwound } }, tx);
    const parties = await transferParties(tx, t);
    await tellTransfer(tx, t.toUserId, t.id, "withdrawn", { plan: parties.plan, email: parties.fromEmail });
    return t;
  });
  kickTasks();
  return done;
}

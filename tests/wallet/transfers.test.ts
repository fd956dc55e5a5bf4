// Subscription transfers (behaviour §13) against a real (simulated) 3x-ui panel: each path (accept,
// reject, cancel, expire, admin delete of an awaiting and of a completed transfer) leaves the
// balances, the owner, the panel clients, the subscription's status and its tokens exactly right;
// fees with both bearers and both kinds; a short balance changes nothing; the base edition refuses.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { auditLogs, notifications, subscriptionDevices, subscriptions, subscriptionTransfers, walletTransactions } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { suspendSubscription, activateSubscription } from "../../src/server/services/subscriptions";
import {
  acceptSubscriptionTransfer,
  balanceOf,
  cancelSubscriptionTransfer,
  deleteAdminSubscriptionTransfer,
  expireDueTransfers,
  getTransferOverview,
  initiateSubscriptionTransfer,
  listAdminSubscriptionTransfers,
  listMySubscriptionTransfers,
  moveBalance,
  rejectSubscriptionTransfer,
} from "../../src/server/services/wallet";
import { PANEL_CLIENT_DELETE } from "../../src/server/services/provisioning/panel-client-delete";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { withEnv } from "../helpers/env";
import { walletEditionForFile } from "../helpers/wallet";
import { domainErrorOf } from "../panel/helpers";
import { clientsOf, gift, subOf, tasksOfKind } from "../subscriptions/helpers";
import { makeUser } from "../helpers/actors";

const shop = openShop();
walletEditionForFile(() => shop.db);
const db = () => shop.db;
const onPanel = (email: string) => shop.sim.state.findClientByEmail(email)?.client;
const reasonOf = async (fn: () => Promise<unknown>) => (await domainErrorOf(fn)).reason;
const HOUR = 3600_000;

type Fee = { kind: "FIXED" | "PERCENT"; value: number; bearer: "SENDER" | "RECEIVER" };
const setFee = (f: Fee) => updateSettings(shop.admin.ctx, { transferFeeKind: f.kind, transferFeeValue: f.value, transferFeeBearer: f.bearer });
const credit = (userId: string, amountMinor: number) => db().transaction((tx) => moveBalance(tx, { userId, kind: "ADMIN_CREDIT", amountMinor, now: new Date() }));
const ledgerOf = (ref: string) => db().select().from(walletTransactions).where(and(eq(walletTransactions.referenceType, "transfer"), eq(walletTransactions.referenceId, ref))).orderBy(asc(walletTransactions.id));
const transferRow = async (id: string) => (await db().select().from(subscriptionTransfers).where(eq(subscriptionTransfers.id, id)))[0];
const at = (ctx: Ctx, now: Date) => makeCtx(ctx.db, ctx.actor, { ip: ctx.ip, now: () => now });

/** A sender with a provisioned, synced proxy subscription (price 10.00, 10 GB, 30 days) and a receiver. */
async function scene(fee: Fee, opts: { senderBalance?: number; receiverBalance?: number; priceMinor?: number } = {}) {
  await setFee(fee);
  const plan = await proxyPlan(shop, { priceMinor: opts.priceMinor ?? 1000 });
  const sender = await buyer(shop);
  const receiver = await buyer(shop);
  const subId = await gift(shop, sender.email, plan.id);
  await drainTasks(db());
  // Some traffic already used: it must carry over.
  await db().update(subscriptions).set({ trafficUsedBytes: 3_000_000, trafficUpBytes: 1_000_000, trafficDownBytes: 2_000_000 }).where(eq(subscriptions.id, subId));
  if (opts.senderBalance) await credit(sender.id, opts.senderBalance);
  if (opts.receiverBalance) await credit(receiver.id, opts.receiverBalance);
  const before = (await subOf(db(), subId))!;
  const oldClients = await clientsOf(db(), subId);
  expect(oldClients).toHaveLength(2);
  for (const c of oldClients) expect(onPanel(c.email)).toMatchObject({ enable: true });
  return { plan, sender, receiver, subId, before, oldClients };
}

/** The subscription is the sender's again, exactly as before the push: status, token, clients on. */
async function expectRestored(s: Awaited<ReturnType<typeof scene>>) {
  const sub = (await subOf(db(), s.subId))!;
  expect(sub).toMatchObject({ userId: s.sender.id, status: "ACTIVE", downloadTokenHash: s.before.downloadTokenHash, trafficUsedBytes: 3_000_000, expiresAt: s.before.expiresAt });
  expect(sub.contentVersion).toBeGreaterThan(s.before.contentVersion);
  await drainTasks(db());
  const clients = await clientsOf(db(), s.subId);
  expect(clients.map((c) => c.email).sort()).toEqual(s.oldClients.map((c) => c.email).sort());
  for (const c of clients) {
    expect(c).toMatchObject({ enable: true, panelState: "SYNCED" });
    expect(onPanel(c.email)).toMatchObject({ enable: true });
  }
}

describe("initiateSubscriptionTransfer", () => {
  it("suspends the subscription, switches its panel clients off and charges a sender-borne fixed fee", async () => {
    const s = await scene({ kind: "FIXED", value: 150, bearer: "SENDER" }, { senderBalance: 1000 });
    const started = Date.now();
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email.toUpperCase() });
    expect(t).toMatchObject({ status: "AWAITING", fromUserId: s.sender.id, toUserId: s.receiver.id, feeMinor: 150, feeBearer: "SENDER", priorStatus: "ACTIVE" });
    expect(t.feeChargedAt).not.toBeNull();
    expect(t.expiresAt.getTime() - t.periodStart.getTime()).toBe(24 * HOUR);
    expect(t.periodStart.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const sub = (await subOf(db(), s.subId))!;
    expect(sub).toMatchObject({ status: "SUSPENDED", userId: s.sender.id, downloadTokenHash: s.before.downloadTokenHash });
    expect(sub.contentVersion).toBeGreaterThan(s.before.contentVersion);
    await drainTasks(db());
    for (const c of await clientsOf(db(), s.subId)) {
      expect(c.enable).toBe(false);
      expect(onPanel(c.email)).toMatchObject({ enable: false });
    }
    expect(await balanceOf(db(), s.sender.id)).toBe(850);
    const ledger = await ledgerOf(t.id);
    expect(ledger.map((r) => [r.userId, r.kind, r.amountMinor, r.idempotencyKey])).toEqual([[s.sender.id, "TRANSFER_FEE", -150, `transfer-fee:${t.id}`]]);

    // The receiver is told (in the bell; mail follows their preferences), and it is audited.
    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, s.receiver.id), eq(notifications.dedupeKey, `transfer-incoming:${t.id}`)));
    expect(note).toMatchObject({ type: "SUBSCRIPTION", link: "/transfers" });
    expect(note!.title).toContain(s.sender.email);
    expect(note!.body).toContain(s.plan.name);
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.targetId, t.id));
    expect(audits.map((a) => a.action)).toEqual(["wallet.transfer.initiated"]);
  });

  it("refuses: to self, unknown or inactive receiver, someone else's, not active, already awaiting, rate limited", async () => {
    const s = await scene({ kind: "FIXED", value: 0, bearer: "SENDER" });
    const push = (ctx: Ctx, email: string, subscriptionId = s.subId) => reasonOf(() => initiateSubscriptionTransfer(ctx, { subscriptionId, email }));
    expect(await push(s.sender.ctx, s.sender.email)).toBe("transfer_to_self");
    expect(await push(s.sender.ctx, "nobody-here@example.com")).toBe("transfer_receiver_unknown");
    const disabled = await makeUser(db());
    await db().execute(`update users set status = 'DISABLED' where id = '${disabled.id}'`);
    expect(await push(s.sender.ctx, disabled.email)).toBe("transfer_receiver_unknown");
    // Someone else's subscription is "not found".
    expect(await domainErrorOf(() => initiateSubscriptionTransfer(s.receiver.ctx, { subscriptionId: s.subId, email: s.sender.email }))).toMatchObject({ code: "NOT_FOUND", reason: "subscription_not_found" });
    expect(await domainErrorOf(() => initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: "x", email: "a@b.c" }))).toMatchObject({ code: "VALIDATION" });

    // A free trial stays with the account that claimed it.
    await db().update(subscriptions).set({ trial: true }).where(eq(subscriptions.id, s.subId));
    expect(await push(s.sender.ctx, s.receiver.email)).toBe("transfer_not_allowed");
    expect((await getTransferOverview(s.sender.ctx)).subscriptions).toEqual([]);
    await db().update(subscriptions).set({ trial: false }).where(eq(subscriptions.id, s.subId));
    await suspendSubscription(shop.admin.ctx, s.subId);
    expect(await push(s.sender.ctx, s.receiver.email)).toBe("transfer_not_allowed");
    await activateSubscription(shop.admin.ctx, s.subId);
    await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    expect(await push(s.sender.ctx, s.receiver.email)).toBe("transfer_pending");
    // An admin re-activated it while the push waits: still one awaiting transfer per subscription.
    await activateSubscription(shop.admin.ctx, s.subId);
    expect(await push(s.sender.ctx, s.receiver.email)).toBe("transfer_pending");
    const rows = await db().select().from(subscriptionTransfers).where(eq(subscriptionTransfers.subscriptionId, s.subId));
    expect(rows).toHaveLength(1);

    // Every attempt counts before the receiver is looked up (the answer tells who has an account):
    // the sender made 8 above (the malformed one was refused before counting), 2 more probes are
    // answered, and the 11th attempt in the hour is refused whatever it asks.
    for (let i = 0; i < 2; i++) expect(await push(s.sender.ctx, `probe${i}@example.com`)).toBe("transfer_receiver_unknown");
    const e = await domainErrorOf(() => initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: "probe@example.com" }));
    expect(e.code).toBe("RATE_LIMITED");
  });

  it("a sender who cannot pay the fee changes nothing", async () => {
    const s = await scene({ kind: "PERCENT", value: 20, bearer: "SENDER" }, { senderBalance: 199 });
    expect(await reasonOf(() => initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email }))).toBe("insufficient_balance");
    expect((await subOf(db(), s.subId))!).toMatchObject({ status: "ACTIVE", contentVersion: s.before.contentVersion });
    expect(await db().select().from(subscriptionTransfers).where(eq(subscriptionTransfers.subscriptionId, s.subId))).toEqual([]);
    expect(await balanceOf(db(), s.sender.id)).toBe(199);
    for (const c of await clientsOf(db(), s.subId)) expect(c).toMatchObject({ enable: true, panelState: "SYNCED" });
    expect(await db().select().from(notifications).where(eq(notifications.userId, s.receiver.id))).toEqual([]);
  });
});

describe("acceptSubscriptionTransfer", () => {
  it("moves the subscription to the receiver with new panel clients, credentials and token; time and traffic carry over (sender paid a percent fee)", async () => {
    const s = await scene({ kind: "PERCENT", value: 15, bearer: "SENDER" }, { senderBalance: 500, receiverBalance: 70 });
    await db().update(subscriptions).set({ autoRenew: true }).where(eq(subscriptions.id, s.subId));
    await db().insert(subscriptionDevices).values({ subscriptionId: s.subId, userId: s.sender.id, hwidHash: "h1", deviceModel: "sender's phone", lastIp: "203.0.113.9" });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    expect(t.feeMinor).toBe(150); // 15% of 10.00
    await drainTasks(db());

    // Only the receiver can accept; the sender's try is "not found".
    expect(await domainErrorOf(() => acceptSubscriptionTransfer(s.sender.ctx, t.id))).toMatchObject({ code: "NOT_FOUND", reason: "transfer_not_found" });
    const done = await acceptSubscriptionTransfer(s.receiver.ctx, t.id);
    expect(done.status).toBe("COMPLETED");
    expect(await reasonOf(() => acceptSubscriptionTransfer(s.receiver.ctx, t.id))).toBe("transfer_not_awaiting");
    expect(await reasonOf(() => cancelSubscriptionTransfer(s.sender.ctx, t.id))).toBe("transfer_not_awaiting");

    const sub = (await subOf(db(), s.subId))!;
    expect(sub).toMatchObject({ userId: s.receiver.id, status: "ACTIVE", autoRenew: false, trafficUsedBytes: 3_000_000, trafficLimitBytes: s.before.trafficLimitBytes, expiresAt: s.before.expiresAt, planId: s.plan.id });
    expect(sub.downloadTokenHash).not.toBe(s.before.downloadTokenHash);
    expect(sub.downloadTokenEnc).not.toBe(s.before.downloadTokenEnc);
    expect(sub.contentVersion).toBeGreaterThan(s.before.contentVersion + 1);
    // The sender's devices are not the receiver's.
    expect(await db().select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, s.subId))).toEqual([]);

    expect(await tasksOfKind(db(), PANEL_CLIENT_DELETE)).not.toHaveLength(0);
    await drainTasks(db());
    const fresh = await clientsOf(db(), s.subId);
    expect(fresh).toHaveLength(2);
    const oldCredentials = new Set(s.oldClients.map((c) => decryptSecret(c.credentialEnc)));
    for (const c of fresh) {
      expect(c.email.startsWith(`${s.receiver.email}-`)).toBe(true);
      expect(c).toMatchObject({ enable: true, panelState: "SYNCED", totalBytes: s.before.trafficLimitBytes, expiryMs: s.before.expiresAt.getTime() });
      expect(oldCredentials.has(decryptSecret(c.credentialEnc))).toBe(false);
      expect(onPanel(c.email)).toMatchObject({ enable: true, id: decryptSecret(c.credentialEnc) });
    }
    expect(new Set(fresh.map((c) => c.inboundId))).toEqual(new Set(s.oldClients.map((c) => c.inboundId)));
    // The old clients left the panel (or, as an inbound's last client, are switched off).
    for (const c of s.oldClients) {
      const left = onPanel(c.email);
      if (left) expect(left).toMatchObject({ enable: false });
    }
    expect(s.oldClients.some((c) => onPanel(c.email) === undefined)).toBe(true);

    // The fee moved once, from the sender; nothing from the receiver.
    expect(await balanceOf(db(), s.sender.id)).toBe(350);
    expect(await balanceOf(db(), s.receiver.id)).toBe(70);
    expect((await ledgerOf(t.id)).map((r) => [r.userId, r.kind, r.amountMinor])).toEqual([[s.sender.id, "TRANSFER_FEE", -150]]);
    expect((await transferRow(t.id))!).toMatchObject({ status: "COMPLETED", feeRefundedAt: null });
    const [told] = await db().select().from(notifications).where(and(eq(notifications.userId, s.sender.id), eq(notifications.dedupeKey, `transfer-accepted:${t.id}`)));
    expect(told!.title).toContain(s.receiver.email);
  });

  it("charges a receiver-borne fee on accepting; a receiver who cannot pay leaves the transfer awaiting and everything as it was", async () => {
    const s = await scene({ kind: "FIXED", value: 300, bearer: "RECEIVER" }, { senderBalance: 50, receiverBalance: 299 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    expect(t.feeChargedAt).toBeNull();
    expect(await balanceOf(db(), s.sender.id)).toBe(50);
    await drainTasks(db());

    expect(await reasonOf(() => acceptSubscriptionTransfer(s.receiver.ctx, t.id))).toBe("insufficient_balance");
    expect((await transferRow(t.id))!).toMatchObject({ status: "AWAITING", feeChargedAt: null, resolvedAt: null });
    expect((await subOf(db(), s.subId))!).toMatchObject({ userId: s.sender.id, status: "SUSPENDED", downloadTokenHash: s.before.downloadTokenHash });
    expect((await clientsOf(db(), s.subId)).map((c) => c.email).sort()).toEqual(s.oldClients.map((c) => c.email).sort());
    expect(await ledgerOf(t.id)).toEqual([]);
    expect(await balanceOf(db(), s.receiver.id)).toBe(299);

    await credit(s.receiver.id, 1);
    await acceptSubscriptionTransfer(s.receiver.ctx, t.id);
    expect(await balanceOf(db(), s.receiver.id)).toBe(0);
    expect(await balanceOf(db(), s.sender.id)).toBe(50);
    expect((await ledgerOf(t.id)).map((r) => [r.userId, r.kind, r.amountMinor, r.idempotencyKey])).toEqual([[s.receiver.id, "TRANSFER_FEE", -300, `transfer-fee:${t.id}`]]);
    expect((await transferRow(t.id))!.feeChargedAt).not.toBeNull();
    expect((await subOf(db(), s.subId))!).toMatchObject({ userId: s.receiver.id, status: "ACTIVE" });
  });

  it("is refused after the 24 hours even before the expiry job ran", async () => {
    const s = await scene({ kind: "FIXED", value: 0, bearer: "SENDER" });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    expect(await reasonOf(() => acceptSubscriptionTransfer(at(s.receiver.ctx, new Date(t.expiresAt.getTime() + 1)), t.id))).toBe("transfer_not_awaiting");
    expect((await transferRow(t.id))!.status).toBe("AWAITING");
    expect((await subOf(db(), s.subId))!.userId).toBe(s.sender.id);
  });
});

describe("the ends that give the subscription back", () => {
  it("reject: restored to the sender with its clients on, the sender-borne fee refunded once", async () => {
    const s = await scene({ kind: "PERCENT", value: 10, bearer: "SENDER" }, { senderBalance: 100 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await drainTasks(db());
    expect(await balanceOf(db(), s.sender.id)).toBe(0);
    expect(await domainErrorOf(() => rejectSubscriptionTransfer(s.sender.ctx, t.id))).toMatchObject({ reason: "transfer_not_found" });
    expect((await rejectSubscriptionTransfer(s.receiver.ctx, t.id)).status).toBe("REJECTED");
    expect(await reasonOf(() => rejectSubscriptionTransfer(s.receiver.ctx, t.id))).toBe("transfer_not_awaiting");
    expect(await reasonOf(() => acceptSubscriptionTransfer(s.receiver.ctx, t.id))).toBe("transfer_not_awaiting");

    await expectRestored(s);
    expect(await balanceOf(db(), s.sender.id)).toBe(100);
    expect((await ledgerOf(t.id)).map((r) => [r.kind, r.amountMinor, r.idempotencyKey])).toEqual([
      ["TRANSFER_FEE", -100, `transfer-fee:${t.id}`],
      ["TRANSFER_FEE_REFUND", 100, `transfer-fee-refund:${t.id}`],
    ]);
    expect((await transferRow(t.id))!.feeRefundedAt).not.toBeNull();
    const notes = await db().select().from(notifications).where(eq(notifications.userId, s.sender.id));
    expect(notes.map((n) => n.dedupeKey)).toContain(`transfer-rejected:${t.id}`);
    // It can be pushed again.
    await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
  });

  it("reject of a receiver-borne fee: nothing was charged, nothing is refunded", async () => {
    const s = await scene({ kind: "FIXED", value: 500, bearer: "RECEIVER" }, { receiverBalance: 900 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await rejectSubscriptionTransfer(s.receiver.ctx, t.id);
    await expectRestored(s);
    expect(await balanceOf(db(), s.receiver.id)).toBe(900);
    expect(await balanceOf(db(), s.sender.id)).toBe(0);
    expect(await ledgerOf(t.id)).toEqual([]);
    expect((await transferRow(t.id))!).toMatchObject({ feeChargedAt: null, feeRefundedAt: null });
  });

  it("cancel: only the sender, restored and refunded; the receiver is told it was withdrawn", async () => {
    const s = await scene({ kind: "FIXED", value: 250, bearer: "SENDER" }, { senderBalance: 1000 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await drainTasks(db());
    expect(await domainErrorOf(() => cancelSubscriptionTransfer(s.receiver.ctx, t.id))).toMatchObject({ code: "NOT_FOUND", reason: "transfer_not_found" });
    expect((await cancelSubscriptionTransfer(s.sender.ctx, t.id)).status).toBe("CANCELLED");
    expect(await reasonOf(() => cancelSubscriptionTransfer(s.sender.ctx, t.id))).toBe("transfer_not_awaiting");
    await expectRestored(s);
    expect(await balanceOf(db(), s.sender.id)).toBe(1000);
    expect((await ledgerOf(t.id)).map((r) => r.amountMinor)).toEqual([-250, 250]);
    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, s.receiver.id), eq(notifications.dedupeKey, `transfer-withdrawn:${t.id}`)));
    expect(note).toBeDefined();
  });

  it("expiry: the job ends transfers past 24 hours once (restored, refunded, the sender told), not earlier ones", async () => {
    const s = await scene({ kind: "FIXED", value: 120, bearer: "SENDER" }, { senderBalance: 120 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await drainTasks(db());
    await expireDueTransfers(db(), new Date(t.expiresAt.getTime() - 1000));
    expect((await transferRow(t.id))!.status).toBe("AWAITING");

    const after = new Date(t.expiresAt.getTime() + 1000);
    expect(await expireDueTransfers(db(), after)).toBeGreaterThanOrEqual(1);
    expect(await expireDueTransfers(db(), after)).toBe(0);
    expect((await transferRow(t.id))!).toMatchObject({ status: "EXPIRED", resolvedAt: after });
    await expectRestored(s);
    expect(await balanceOf(db(), s.sender.id)).toBe(120);
    expect((await ledgerOf(t.id)).map((r) => r.kind)).toEqual(["TRANSFER_FEE", "TRANSFER_FEE_REFUND"]);
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.targetId, t.id));
    expect(audits.map((a) => [a.action, a.actorKind])).toContainEqual(["wallet.transfer.expired", "system"]);
    const [told] = await db().select().from(notifications).where(and(eq(notifications.userId, s.sender.id), eq(notifications.dedupeKey, `transfer-expired:${t.id}`)));
    expect(told).toBeDefined();
  });

  it("an admin who cancelled the subscription meanwhile keeps it cancelled; the fee still comes back", async () => {
    const s = await scene({ kind: "FIXED", value: 80, bearer: "SENDER" }, { senderBalance: 80 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await db().update(subscriptions).set({ status: "CANCELLED" }).where(eq(subscriptions.id, s.subId));
    expect(await reasonOf(() => acceptSubscriptionTransfer(s.receiver.ctx, t.id))).toBe("transfer_not_allowed");
    expect((await transferRow(t.id))!.status).toBe("AWAITING");
    await cancelSubscriptionTransfer(s.sender.ctx, t.id);
    expect((await subOf(db(), s.subId))!).toMatchObject({ status: "CANCELLED", userId: s.sender.id });
    expect(await balanceOf(db(), s.sender.id)).toBe(80);
  });
});

describe("deleteAdminSubscriptionTransfer", () => {
  it("an awaiting transfer is cancelled the same way (restored, refunded, sender told), then removed; the ledger stays", async () => {
    const s = await scene({ kind: "FIXED", value: 99, bearer: "SENDER" }, { senderBalance: 100 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await drainTasks(db());
    expect(await domainErrorOf(() => deleteAdminSubscriptionTransfer(s.sender.ctx, t.id))).toMatchObject({ code: "FORBIDDEN" });
    expect(await deleteAdminSubscriptionTransfer(shop.admin.ctx, t.id)).toEqual({ id: t.id, outcome: "cancelled", refundedMinor: 99, restored: true });
    expect(await transferRow(t.id)).toBeUndefined();
    await expectRestored(s);
    expect(await balanceOf(db(), s.sender.id)).toBe(100);
    expect((await ledgerOf(t.id)).map((r) => r.amountMinor)).toEqual([-99, 99]);
    const [told] = await db().select().from(notifications).where(and(eq(notifications.userId, s.sender.id), eq(notifications.dedupeKey, `transfer-cancelledByAdmin:${t.id}`)));
    expect(told).toBeDefined();
    expect(await domainErrorOf(() => deleteAdminSubscriptionTransfer(shop.admin.ctx, t.id))).toMatchObject({ code: "NOT_FOUND", reason: "transfer_not_found" });
  });

  it("a completed transfer: the history row only; the subscription stays the receiver's and no money moves", async () => {
    const s = await scene({ kind: "FIXED", value: 40, bearer: "RECEIVER" }, { receiverBalance: 40 });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await acceptSubscriptionTransfer(s.receiver.ctx, t.id);
    await drainTasks(db());
    const moved = (await subOf(db(), s.subId))!;
    expect(await deleteAdminSubscriptionTransfer(shop.admin.ctx, t.id)).toEqual({ id: t.id, outcome: "history_removed", refundedMinor: 0, restored: false });
    expect(await transferRow(t.id)).toBeUndefined();
    expect((await subOf(db(), s.subId))!).toMatchObject({ userId: s.receiver.id, status: "ACTIVE", downloadTokenHash: moved.downloadTokenHash });
    for (const c of await clientsOf(db(), s.subId)) expect(onPanel(c.email)).toMatchObject({ enable: true });
    expect(await balanceOf(db(), s.receiver.id)).toBe(0);
    expect((await ledgerOf(t.id)).map((r) => [r.userId, r.amountMinor])).toEqual([[s.receiver.id, -40]]);
  });
});

describe("lists", () => {
  it("the push form's subscriptions and fees; outgoing and incoming; the admin list filters, searches and pages", async () => {
    const s = await scene({ kind: "PERCENT", value: 50, bearer: "RECEIVER" });
    const overview = await getTransferOverview(s.sender.ctx);
    expect(overview).toMatchObject({ feeKind: "PERCENT", feeValue: 50, feeBearer: "RECEIVER", balanceMinor: 0 });
    expect(overview.subscriptions).toEqual([expect.objectContaining({ id: s.subId, planName: s.plan.name, feeMinor: 500, feeBearer: "RECEIVER" })]);

    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    expect((await getTransferOverview(s.sender.ctx)).subscriptions).toEqual([]);
    const out = await listMySubscriptionTransfers(s.sender.ctx, { direction: "outgoing" });
    expect(out.total).toBe(1);
    expect(out.rows[0]).toMatchObject({ id: t.id, otherEmail: s.receiver.email, status: "AWAITING", planName: s.plan.name, feeMinor: 500 });
    const inc = await listMySubscriptionTransfers(s.receiver.ctx, { direction: "incoming" });
    expect(inc.rows[0]).toMatchObject({ id: t.id, otherEmail: s.sender.email, subscription: { trafficUsedBytes: 3_000_000, expiresAt: s.before.expiresAt } });
    expect((await listMySubscriptionTransfers(s.receiver.ctx, { direction: "outgoing" })).total).toBe(0);
    await rejectSubscriptionTransfer(s.receiver.ctx, t.id);
    expect((await listMySubscriptionTransfers(s.receiver.ctx, { direction: "incoming" })).rows[0]).toMatchObject({ status: "REJECTED", subscription: null });

    const byEmail = await listAdminSubscriptionTransfers(shop.admin.ctx, { q: s.receiver.email.slice(0, 12) });
    expect(byEmail.rows.map((r) => r.id)).toContain(t.id);
    expect((await listAdminSubscriptionTransfers(shop.admin.ctx, { q: s.sender.email, status: "REJECTED" })).rows.map((r) => r.id)).toEqual([t.id]);
    expect((await listAdminSubscriptionTransfers(shop.admin.ctx, { q: s.sender.email, status: "AWAITING" })).total).toBe(0);
    const all = await listAdminSubscriptionTransfers(shop.admin.ctx, {});
    const page2 = await listAdminSubscriptionTransfers(shop.admin.ctx, { page: 2, pageSize: 1 });
    expect(page2.rows).toHaveLength(all.total > 1 ? 1 : 0);
    expect(await domainErrorOf(() => listAdminSubscriptionTransfers(s.sender.ctx, {}))).toMatchObject({ code: "FORBIDDEN" });
    expect(await domainErrorOf(() => listMySubscriptionTransfers(makeCtx(db(), { kind: "anonymous" }), { direction: "incoming" }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("base edition", () => {
  it("every transfer verb answers 404 wallet_disabled and the expiry job does nothing", async () => {
    const s = await scene({ kind: "FIXED", value: 0, bearer: "SENDER" });
    const t = await initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email });
    await withEnv({ EDITION: "base" }, async () => {
      const calls: (() => Promise<unknown>)[] = [
        () => initiateSubscriptionTransfer(s.sender.ctx, { subscriptionId: s.subId, email: s.receiver.email }),
        () => acceptSubscriptionTransfer(s.receiver.ctx, t.id),
        () => rejectSubscriptionTransfer(s.receiver.ctx, t.id),
        () => cancelSubscriptionTransfer(s.sender.ctx, t.id),
        () => deleteAdminSubscriptionTransfer(shop.admin.ctx, t.id),
        () => listAdminSubscriptionTransfers(shop.admin.ctx, {}),
        () => listMySubscriptionTransfers(s.sender.ctx, { direction: "outgoing" }),
        () => getTransferOverview(s.sender.ctx),
      ];
      for (const call of calls) expect(await domainErrorOf(call)).toMatchObject({ code: "NOT_FOUND", reason: "wallet_disabled" });
      expect(await expireDueTransfers(db(), new Date(t.expiresAt.getTime() + HOUR))).toBe(0);
    });
    expect((await transferRow(t.id))!.status).toBe("AWAITING");
  });
});

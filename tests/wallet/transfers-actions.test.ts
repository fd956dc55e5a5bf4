// The /transfers and /admin/wallet/transfers Server Actions under the contract's names: a push and
// its acceptance through the actions move the subscription; the admin delete is for admins only;
// in the base edition every one answers 404 (wallet_disabled), as if it were not there.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { subscriptions, subscriptionTransfers } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { withEnv } from "../helpers/env";
import { walletEditionForFile } from "../helpers/wallet";
import { gift } from "../subscriptions/helpers";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const user = await import("../../src/app/(user)/transfers/actions");
const admin = await import("../../src/app/admin/wallet/transfers/actions");

const shop = openShop();
walletEditionForFile(() => shop.db);
const as = (ctx: Ctx) => {
  caller.ctx = ctx;
};

async function pushable() {
  await updateSettings(shop.admin.ctx, { transferFeeKind: "FIXED", transferFeeValue: 0, transferFeeBearer: "SENDER" });
  const plan = await proxyPlan(shop);
  const sender = await buyer(shop);
  const receiver = await buyer(shop);
  const subId = await gift(shop, sender.email, plan.id);
  return { sender, receiver, subId };
}

describe("transfer actions", () => {
  it("initiateSubscriptionTransfer, then acceptSubscriptionTransfer: the subscription is the receiver's", async () => {
    const s = await pushable();
    as(s.sender.ctx);
    const pushed = await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.receiver.email });
    expect(pushed).toMatchObject({ ok: true, data: { status: "AWAITING", feeMinor: 0, feeBearer: "SENDER" } });
    const id = (pushed as { data: { id: string } }).data.id;
    // The sender cannot accept their own push.
    expect(await user.acceptSubscriptionTransfer(id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND", details: { reason: "transfer_not_found" } } });
    as(s.receiver.ctx);
    expect(await user.acceptSubscriptionTransfer(id)).toEqual({ ok: true, data: { id, status: "COMPLETED" } });
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, s.subId));
    expect(sub).toMatchObject({ userId: s.receiver.id, status: "ACTIVE" });
  });

  it("rejectSubscriptionTransfer and cancelSubscriptionTransfer answer for their own side only", async () => {
    const s = await pushable();
    as(s.sender.ctx);
    const first = await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.receiver.email });
    const id = (first as { data: { id: string } }).data.id;
    expect(await user.rejectSubscriptionTransfer(id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    as(s.receiver.ctx);
    expect(await user.rejectSubscriptionTransfer(id)).toEqual({ ok: true, data: { id, status: "REJECTED" } });
    as(s.sender.ctx);
    const second = await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.receiver.email });
    const id2 = (second as { data: { id: string } }).data.id;
    expect(await user.cancelSubscriptionTransfer(id2)).toEqual({ ok: true, data: { id: id2, status: "CANCELLED" } });
    expect(await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.sender.email })).toMatchObject({ ok: false, error: { code: "CONFLICT", details: { reason: "transfer_to_self" } } });
  });

  it("deleteAdminSubscriptionTransfer: refused to a user before anything is read, done for an admin", async () => {
    const s = await pushable();
    as(s.sender.ctx);
    const pushed = await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.receiver.email });
    const id = (pushed as { data: { id: string } }).data.id;
    expect(await admin.deleteAdminSubscriptionTransfer(id)).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    as(shop.admin.ctx);
    expect(await admin.deleteAdminSubscriptionTransfer(id)).toMatchObject({ ok: true, data: { id, outcome: "cancelled" } });
    expect(await shop.db.select().from(subscriptionTransfers).where(eq(subscriptionTransfers.id, id))).toEqual([]);
  });

  it("the base edition: every transfer action answers 404 wallet_disabled", async () => {
    const s = await pushable();
    const id = "00000000-0000-4000-8000-000000000000";
    await withEnv({ EDITION: "base" }, async () => {
      as(s.sender.ctx);
      const answers: unknown[] = [
        await user.initiateSubscriptionTransfer({ subscriptionId: s.subId, email: s.receiver.email }),
        await user.acceptSubscriptionTransfer(id),
        await user.rejectSubscriptionTransfer(id),
        await user.cancelSubscriptionTransfer(id),
      ];
      as(shop.admin.ctx);
      answers.push(await admin.deleteAdminSubscriptionTransfer(id));
      for (const a of answers) expect(a).toMatchObject({ ok: false, error: { code: "NOT_FOUND", details: { reason: "wallet_disabled" } } });
    });
    expect(await shop.db.select().from(subscriptionTransfers).where(eq(subscriptionTransfers.subscriptionId, s.subId))).toEqual([]);
  });
});

// The three recharge routes through the real transport (route(), the caller built from the session
// as a request builds it): in the wallet edition they answer the owner and 404 anyone else; in the
// base edition every one of them answers 404 (wallet_disabled) to a signed-in user, like a path
// that is not there, and changes nothing. The Server Actions of /wallet and /admin/wallet/recharges
// go through runAction with the contract's names.
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { payments, walletRechargeOrders } from "../../src/server/db/schema";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { balanceOf, createRechargeOrder } from "../../src/server/services/wallet";
import { randomTronAddress } from "../../simulators/trongrid/server";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { loginOrThrow } from "../helpers/next-auth";
import { walletEditionForFile } from "../helpers/wallet";
import { requestCtxOf } from "../risk-restriction/helpers";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const { GET: rechargeRoute } = await import("../../src/app/api/wallet/recharge/[id]/route");
const { POST: paymentRoute } = await import("../../src/app/api/wallet/recharge/payment/create/route");
const { GET: queryRoute } = await import("../../src/app/api/wallet/recharge/query/[tradeNo]/route");
const userActions = await import("../../src/app/(user)/wallet/actions");
const adminActions = await import("../../src/app/admin/wallet/recharges/actions");

const t = testDbForFile({ install: true });
walletEditionForFile(() => t.db);
const ORIGIN = "http://relayboard.test";
const params = <P>(p: P) => ({ params: Promise.resolve(p) });
const get = (p: string) => new Request(`${ORIGIN}${p}`, { headers: { host: "relayboard.test" } });
const postJson = (p: string, body: unknown) => new Request(`${ORIGIN}${p}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", host: "relayboard.test" } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: { reason?: string } } }).error;

let owner: Awaited<ReturnType<typeof makeUser>>;
let ownerToken: JWT;
let other: Awaited<ReturnType<typeof makeUser>>;
let otherToken: JWT;
let admin: Awaited<ReturnType<typeof makeUser>>;
let adminToken: JWT;

beforeAll(async () => {
  useMemoryLimiter();
  [owner, other, admin] = await Promise.all([makeUser(t.db), makeUser(t.db), makeUser(t.db, "ADMIN")]);
  [ownerToken, otherToken, adminToken] = await Promise.all([owner, other, admin].map((u) => loginOrThrow({ email: u.email, password: u.password })));
  // USDT: an attempt is written without calling anything outside.
  await updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { enabled: true, apiUrl: "http://127.0.0.1:9", address: randomTronAddress(), rateMinorPerUsdt: 720, minConfirmations: 0 });
});

const as = async (token: JWT) => {
  caller.ctx = await requestCtxOf(t.db, token);
  return caller.ctx;
};

describe("wallet edition", () => {
  it("the owner reads a recharge, pays it (USDT), and queries the payment; balance is refused; anyone else gets 404", async () => {
    const r = await createRechargeOrder(owner.ctx, { amount: 1_000 });
    await as(ownerToken);
    const read = await rechargeRoute(get(`/api/wallet/recharge/${r.id}`), params({ id: r.id }));
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: r.id, amountMinor: 1_000, status: "PENDING", provider: null, tradeNo: null, payments: [] });

    const refused = await paymentRoute(postJson("/api/wallet/recharge/payment/create", { rechargeId: r.id, provider: "balance", channel: "alipay" }), params({}));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details?.reason).toBe("recharge_balance_refused");

    const created = await paymentRoute(postJson("/api/wallet/recharge/payment/create", { rechargeId: r.id, provider: "usdt_trc20" }), params({}));
    expect(created.status).toBe(200);
    const pay = (await created.json()) as { tradeNo: string; usdt: { amount: string } };
    expect(pay.usdt.amount).toMatch(/^\d+\.\d{4}$/);
    expect((await (await rechargeRoute(get(`/api/wallet/recharge/${r.id}`), params({ id: r.id }))).json()) as object).toMatchObject({ provider: "usdt_trc20", tradeNo: pay.tradeNo });
    const q = await queryRoute(get(`/api/wallet/recharge/query/${pay.tradeNo}`), params({ tradeNo: pay.tradeNo }));
    expect(q.status).toBe(200);
    expect(await q.json()).toMatchObject({ tradeNo: pay.tradeNo, paymentStatus: "PENDING", recharge: { id: r.id, status: "PENDING" } });

    await as(otherToken);
    for (const res of [
      await rechargeRoute(get(`/api/wallet/recharge/${r.id}`), params({ id: r.id })),
      await paymentRoute(postJson("/api/wallet/recharge/payment/create", { rechargeId: r.id, provider: "usdt_trc20" }), params({})),
      await queryRoute(get(`/api/wallet/recharge/query/${pay.tradeNo}`), params({ tradeNo: pay.tradeNo })),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await t.db.select().from(payments).where(eq(payments.rechargeId, r.id))).toHaveLength(1);
  });

  it("the user's Server Actions: createRechargeOrder({ amount }) and cancelRechargeOrder(id)", async () => {
    await as(ownerToken);
    const made = await userActions.createRechargeOrder({ amount: 2_000 });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.data.id : "";
    const bad = await userActions.createRechargeOrder({ amount: 1 });
    expect(bad).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { reason: "recharge_amount_invalid", min: "10.00" } } });
    await as(otherToken);
    expect(await userActions.cancelRechargeOrder(id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    await as(ownerToken);
    expect(await userActions.cancelRechargeOrder(id)).toMatchObject({ ok: true, data: { status: "CANCELLED" } });
  });

  it("the admin's Server Actions: confirm, cancel and delete by id; a user is refused", async () => {
    const a = await createRechargeOrder(owner.ctx, { amount: 1_000 });
    const b = await createRechargeOrder(owner.ctx, { amount: 1_000 });
    const before = await balanceOf(t.db, owner.id);
    await as(ownerToken);
    expect(await adminActions.confirmAdminWalletRecharge(a.id)).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    await as(adminToken);
    expect(await adminActions.confirmAdminWalletRecharge(a.id)).toMatchObject({ ok: true });
    expect(await adminActions.cancelAdminWalletRecharge(b.id)).toMatchObject({ ok: true });
    expect(await adminActions.deleteAdminWalletRecharge(a.id)).toMatchObject({ ok: true });
    expect(await balanceOf(t.db, owner.id)).toBe(before + 1_000);
    expect((await t.db.select().from(walletRechargeOrders).where(eq(walletRechargeOrders.id, b.id)))[0]!.status).toBe("CANCELLED");
  });
});

describe("base edition", () => {
  it("every recharge route answers 404 wallet_disabled to a signed-in user and changes nothing; the actions too", async () => {
    const r = await createRechargeOrder(owner.ctx, { amount: 1_000 });
    const restore = overrideEnv({ EDITION: "base" });
    try {
      await as(ownerToken);
      const answers = [
        await rechargeRoute(get(`/api/wallet/recharge/${r.id}`), params({ id: r.id })),
        await paymentRoute(postJson("/api/wallet/recharge/payment/create", { rechargeId: r.id, provider: "usdt_trc20" }), params({})),
        await queryRoute(get("/api/wallet/recharge/query/P1"), params({ tradeNo: "P1" })),
      ];
      // Signed out too: the paths are simply not there, not doors asking for a session.
      caller.ctx = anonCtx(t.db);
      answers.push(
        await rechargeRoute(get(`/api/wallet/recharge/${r.id}`), params({ id: r.id })),
        await paymentRoute(postJson("/api/wallet/recharge/payment/create", { rechargeId: r.id, provider: "usdt_trc20" }), params({})),
        await queryRoute(get("/api/wallet/recharge/query/P1"), params({ tradeNo: "P1" })),
      );
      await as(ownerToken);
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect((await errorOf(res)).details?.reason).toBe("wallet_disabled");
      }
      expect(await userActions.createRechargeOrder({ amount: 1_000 })).toMatchObject({ ok: false, error: { code: "NOT_FOUND", details: { reason: "wallet_disabled" } } });
      expect(await userActions.cancelRechargeOrder(r.id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      await as(adminToken);
      for (const action of [adminActions.confirmAdminWalletRecharge, adminActions.cancelAdminWalletRecharge, adminActions.deleteAdminWalletRecharge]) {
        expect(await action(r.id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND", details: { reason: "wallet_disabled" } } });
      }
    } finally {
      restore();
    }
    expect(await t.db.select().from(payments).where(eq(payments.rechargeId, r.id))).toHaveLength(0);
    expect((await t.db.select().from(walletRechargeOrders).where(eq(walletRechargeOrders.id, r.id)))[0]!.status).toBe("PENDING");
  });
});

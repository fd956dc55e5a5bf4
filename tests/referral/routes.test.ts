// The referral routes and Server Actions through their real transports (route() and runAction, the
// caller built as a request builds it): GET /api/referral's shape and POST /api/referral/payouts'
// answers (201, 400, 401, 409, 415), and the page actions of the user and the admin. Commission is
// written directly (no order needed for what a transport does with it).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { referralCommissions, referralPayouts, users } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { eq } from "drizzle-orm";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const { GET: summaryRoute } = await import("../../src/app/api/referral/route");
const { POST: payoutRoute } = await import("../../src/app/api/referral/payouts/route");
const userActions = await import("../../src/app/(user)/referral/actions");
const adminActions = await import("../../src/app/admin/referral/actions");

const t = testDbForFile({ install: true });
const ORIGIN = "http://relayboard.test";
const params = { params: Promise.resolve({}) };
const get = (p: string) => new Request(`${ORIGIN}${p}`, { headers: { host: "relayboard.test" } });
const post = (body: string, type = "application/json") => new Request(`${ORIGIN}/api/referral/payouts`, { method: "POST", body, headers: { "content-type": type, host: "relayboard.test" } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: { reason?: string; fields?: Record<string, string> } } }).error;

let inviter: Awaited<ReturnType<typeof makeUser>>;
let invitee: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  useMemoryLimiter();
  [inviter, invitee, admin] = await Promise.all([makeUser(t.db), makeUser(t.db), makeUser(t.db, "ADMIN")]);
  await t.db.update(users).set({ invitedById: inviter.id }).where(eq(users.id, invitee.id));
  await updateSettings(cliCtx(t.db), { referralRatePercent: 10, referralMinPayout: 500, referralHoldDays: 7 });
  const now = new Date();
  const line = (amountMinor: number, status: "HELD" | "AVAILABLE") => ({
    inviterId: inviter.id,
    inviteeId: invitee.id,
    orderId: randomUUID(),
    orderItemId: randomUUID(),
    orderNo: `RB${amountMinor}`,
    currency: "CNY",
    baseMinor: amountMinor * 10,
    ratePercent: 10,
    amountMinor,
    status,
    availableAt: status === "HELD" ? new Date(now.getTime() + 86_400_000) : now,
  });
  await t.db.insert(referralCommissions).values([line(3000, "AVAILABLE"), line(250, "HELD")]);
});

describe("GET /api/referral", () => {
  it("answers the signed-in caller their link, figures, masked invitees and payouts; 401 to anyone else", async () => {
    caller.ctx = anonCtx(t.db);
    const anon = await summaryRoute(get("/api/referral"), params);
    expect(anon.status).toBe(401);

    caller.ctx = inviter.ctx;
    const res = await summaryRoute(get("/api/referral"), params);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      link: expect.stringMatching(/\/register\?invite=[A-Z2-9]{10}$/),
      currency: "CNY",
      terms: { ratePercent: 10, firstOrderOnly: true, holdDays: 7, minPayoutMinor: 500 },
      earnedMinor: 3250,
      pendingMinor: 250,
      availableMinor: 3000,
      requestedMinor: 0,
      paidOutMinor: 0,
      invitees: [{ email: `${invitee.email[0]}***@example.com`, registeredAt: expect.any(String), earnedMinor: 3250 }],
      inviteesTotal: 1,
      page: 1,
      payouts: [],
      payoutsTotal: 0,
    });
    expect(JSON.stringify(body)).not.toContain(invitee.email);
    expect((await summaryRoute(get("/api/referral?page=0"), params)).status).toBe(400);
  });
});

describe("POST /api/referral/payouts", () => {
  it("201 with the payout; 400 for a bad amount or method, 409 above what is available, 415 without JSON, 401 signed out", async () => {
    caller.ctx = anonCtx(t.db);
    expect((await payoutRoute(post(JSON.stringify({ amount: 1000, method: "ALIPAY", account: "a@b.c" })), params)).status).toBe(401);

    caller.ctx = inviter.ctx;
    const made = await payoutRoute(post(JSON.stringify({ amount: 1000, method: "ALIPAY", account: "alipay: inviter@example.com" })), params);
    expect(made.status).toBe(201);
    const payout = (await made.json()) as Record<string, unknown>;
    expect(payout).toEqual({ id: expect.any(String), amountMinor: 1000, currency: "CNY", method: "ALIPAY", status: "PENDING", createdAt: expect.any(String), availableMinor: 2000 });
    expect(JSON.stringify(payout)).not.toContain("inviter@example.com");

    const small = await payoutRoute(post(JSON.stringify({ amount: 100, method: "ALIPAY", account: "somewhere" })), params);
    expect(small.status).toBe(400);
    expect(await errorOf(small)).toMatchObject({ details: { reason: "referral_payout_below_min", fields: { amount: "too_small" } } });
    const big = await payoutRoute(post(JSON.stringify({ amount: "2001", method: "BANK", account: "somewhere" })), params);
    expect(big.status).toBe(409);
    expect((await errorOf(big)).details?.reason).toBe("referral_insufficient");
    const method = await payoutRoute(post(JSON.stringify({ amount: 1000, method: "PAYPAL", account: "somewhere" })), params);
    expect(method.status).toBe(400);
    expect((await errorOf(method)).details?.fields).toEqual({ method: "invalid_choice" });
    expect((await payoutRoute(post("amount=1000", "application/x-www-form-urlencoded"), params)).status).toBe(415);
    expect((await payoutRoute(post("{"), params)).status).toBe(400);
    expect(await t.db.select().from(referralPayouts)).toHaveLength(1);
  });
});

describe("Server Actions", () => {
  it("the user's payout request; the admin's detail, approve and reject; a user is refused the admin's", async () => {
    caller.ctx = inviter.ctx;
    const asked = await userActions.requestReferralPayoutAction({ amount: 600, method: "WECHAT", account: "wechat id inviter-01" });
    expect(asked).toMatchObject({ ok: true, data: { amountMinor: 600, status: "PENDING" } });
    const other = await userActions.requestReferralPayoutAction({ amount: 700, method: "BANK", account: "6222 0000" });
    const id = asked.ok ? asked.data.id : "";
    const otherId = other.ok ? other.data.id : "";
    expect(await userActions.moveCommissionToBalanceAction({})).toMatchObject({ ok: false, error: { code: "NOT_FOUND", details: { reason: "wallet_disabled" } } });
    expect(await adminActions.approveReferralPayoutAction({ id, reference: "x" })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await adminActions.referralPayoutDetailAction(id)).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });

    caller.ctx = admin.ctx;
    expect(await adminActions.referralPayoutDetailAction(id)).toMatchObject({ ok: true, data: { id, account: "wechat id inviter-01", email: inviter.email, createdAt: expect.any(String) } });
    expect(await adminActions.approveReferralPayoutAction({ id, reference: "WX-778" })).toEqual({ ok: true, data: { id, status: "PAID" } });
    expect(await adminActions.approveReferralPayoutAction({ id, reference: "WX-778" })).toMatchObject({ ok: false, error: { code: "CONFLICT", details: { reason: "referral_payout_not_pending" } } });
    expect(await adminActions.rejectReferralPayoutAction({ id: otherId, reason: "" })).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { reason: "required" } } } });
    expect(await adminActions.rejectReferralPayoutAction({ id: otherId, reason: "Wrong bank" })).toEqual({ ok: true, data: { id: otherId, status: "REJECTED" } });

    caller.ctx = inviter.ctx;
    const after = (await (await summaryRoute(get("/api/referral"), params)).json()) as { availableMinor: number; paidOutMinor: number; payouts: { status: string; reference: string | null }[] };
    expect(after).toMatchObject({ availableMinor: 3000 - 1000 - 600, paidOutMinor: 600 });
    expect(after.payouts.map((p) => p.status).sort()).toEqual(["PAID", "PENDING", "REJECTED"]);
  });
});

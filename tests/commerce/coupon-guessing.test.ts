// No guessing oracle for coupon codes (issue 21, item 6): every code a buyer could be guessing
// (unknown, disabled, not started, expired, granted to someone else) gets the same answer, and
// wrong codes are counted per account and per IP before the lookup, on every verb that takes a code
// (cart preview, checkout, buy now, extension preview, renewal and top-up orders). Runs with the
// in-memory limiter, and with the Redis limiter when TEST_REDIS_URL is set.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { cartItems, couponGrants, coupons, subscriptions } from "../../src/server/db/schema";
import { httpStatusOf, isDomainError, type DomainError } from "../../src/server/errors";
import { errorText } from "../../src/server/i18n/error-text";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { createCoupon, grantCoupon, updateCoupon } from "../../src/server/services/catalog";
import { addToCart, addTraffic, buyNow, checkoutCart, previewOrder, renewSubscription } from "../../src/server/services/orders";
import { freshIp } from "../helpers/actors";
import { limiterKinds } from "../helpers/limiter";
import { buyer, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
let seq = 0;
const code = (p: string) => `${p}${Date.now().toString(36).toUpperCase()}${seq++}`;

async function errorOf(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (isDomainError(err)) return err;
    throw err;
  }
  throw new Error("expected a refusal, got success");
}

type Buyer = Awaited<ReturnType<typeof buyer>>;
/** A buyer with a live subscription of a plan that can be renewed and topped up (got with a free coupon). */
async function buyerWithSubscription(free: string, planId: string): Promise<Buyer & { subscriptionId: string }> {
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId, couponCode: free });
  expect(order.status).toBe("PAID");
  const [sub] = await shop.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, u.id));
  return { ...u, subscriptionId: sub!.id };
}

describe.each(limiterKinds)("coupon codes, %s limiter", (_kind, make) => {
  let fixture: ReturnType<typeof make>;
  let plan: Awaited<ReturnType<typeof proxyPlan>>;
  let good: string;
  let free: string;
  beforeAll(async () => {
    fixture = make();
    setLimiter(fixture.limiter);
    plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900, topupMode: "PER_GB", topupPricePerGbMinor: 50 });
    good = (await createCoupon(shop.admin.ctx, { code: code("GOOD"), kind: "AMOUNT", amountOffMinor: 100 })).code;
    free = (await createCoupon(shop.admin.ctx, { code: code("FREE"), kind: "PERCENT", percentOff: 100 })).code;
  });
  afterAll(async () => {
    setLimiter(undefined);
    await fixture.close();
  });

  /** Every verb that takes a code, each as a buyer would call it. */
  async function verbs() {
    const u = await buyerWithSubscription(free, plan.id);
    const sub = u.subscriptionId;
    await addToCart(u.ctx, { planId: plan.id });
    return {
      u,
      calls: {
        "cart preview": (ctx: Ctx, c: string) => previewOrder(ctx, { lines: [{ planId: plan.id }], couponCode: c }),
        checkout: (ctx: Ctx, c: string) => checkoutCart(ctx, { couponCode: c }),
        "buy now": (ctx: Ctx, c: string) => buyNow(ctx, { planId: plan.id, couponCode: c }),
        "extension preview": (ctx: Ctx, c: string) => previewOrder(ctx, { lines: [{ planId: plan.id, kind: "RENEWAL", subscriptionId: sub }], couponCode: c }),
        "renewal order": (ctx: Ctx, c: string) => renewSubscription(ctx, { subscriptionId: sub, couponCode: c }),
        "top-up order": (ctx: Ctx, c: string) => addTraffic(ctx, { subscriptionId: sub, trafficGb: 2, couponCode: c }),
      } as Record<string, (ctx: Ctx, c: string) => Promise<unknown>>,
    };
  }

  it("unknown, disabled, not started, expired and someone else's granted code: one answer, worded the same", async () => {
    const now = Date.now();
    const base = { kind: "AMOUNT", amountOffMinor: 100 } as const;
    const disabled = await createCoupon(shop.admin.ctx, { ...base, code: code("OFF"), enabled: false });
    const notStarted = await createCoupon(shop.admin.ctx, { ...base, code: code("SOON"), startsAt: new Date(now + 86_400_000) });
    const expired = await createCoupon(shop.admin.ctx, { ...base, code: code("OLD"), startsAt: new Date(now - 2 * 86_400_000), endsAt: new Date(now - 86_400_000) });
    const granted = await createCoupon(shop.admin.ctx, { ...base, code: code("VIP"), audience: "GRANTED" });
    const someoneElse = await buyer(shop);
    await grantCoupon(shop.admin.ctx, granted.id, someoneElse.email);
    const codes = ["NO-SUCH-CODE-1", disabled.code, notStarted.code, expired.code, granted.code];
    for (const verb of ["preview", "buy now"] as const) {
      const u = await buyer(shop);
      const answers = [];
      for (const c of codes) {
        const p = verb === "preview" ? previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: c }) : buyNow(u.ctx, { planId: plan.id, couponCode: c });
        const e = await errorOf(p);
        answers.push({ code: e.code, status: httpStatusOf[e.code], details: e.details, en: errorText("en", e.reason, e.details), zh: errorText("zh-CN", e.reason, e.details) });
      }
      expect(answers[0]).toEqual({ code: "VALIDATION", status: 400, details: { reason: "coupon_unusable", fields: { couponCode: "invalid" } }, en: "This coupon cannot be used.", zh: "该优惠码无法使用。" });
      for (const a of answers) expect(a).toEqual(answers[0]);
    }
    // The grantee is not refused, and the admin still sees why a coupon does not work (its fields).
    expect(await previewOrder(someoneElse.ctx, { lines: [{ planId: plan.id }], couponCode: granted.code })).toMatchObject({ couponDiscountMinor: 100 });
    const [row] = await shop.db.select().from(coupons).where(eq(coupons.id, disabled.id));
    expect(row).toMatchObject({ enabled: false });
    expect((await errorOf(updateCoupon(shop.admin.ctx, "00000000-0000-4000-8000-000000000000", { ...base, code: code("X") }))).reason).toBe("coupon_not_found");
  });

  it.each(["cart preview", "checkout", "buy now", "extension preview", "renewal order", "top-up order"])("%s: the 11th wrong code in the window is RATE_LIMITED, right codes too", async (name) => {
    const { u, calls } = await verbs();
    const call = calls[name]!;
    const limit = LIMITS.couponFailuresPerUser.limit;
    for (let i = 0; i < limit; i++) expect((await errorOf(call(u.ctx, `WRONG-${i}`))).reason).toBe("coupon_unusable");
    const refused = await errorOf(call(u.ctx, "WRONG-X"));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(httpStatusOf[refused.code]).toBe(429);
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.couponFailuresPerUser.windowSeconds);
    // Over the limit a right code is refused as well: the limiter answers before anything is looked up.
    expect((await errorOf(call(u.ctx, good))).code).toBe("RATE_LIMITED");
    // A checkout refused for its code leaves the cart as it was.
    if (name === "checkout") expect(await shop.db.select().from(cartItems).where(eq(cartItems.userId, u.id))).toHaveLength(1);
  });

  it("right codes (and reasons about a real code) do not use the budget; the budget is shared by every verb", async () => {
    const { u, calls } = await verbs();
    const minSpend = (await createCoupon(shop.admin.ctx, { code: code("MIN"), kind: "AMOUNT", amountOffMinor: 100, minSpendMinor: 999_999 })).code;
    const names = Object.keys(calls);
    // Nine wrong codes spread over the verbs.
    for (let i = 0; i < 9; i++) expect((await errorOf(calls[names[i % names.length]!]!(u.ctx, `BAD-${i}`))).reason).toBe("coupon_unusable");
    // Twenty uses of real codes: a working one, and one refused for the order's size.
    for (let i = 0; i < 10; i++) expect(await calls["cart preview"]!(u.ctx, good)).toMatchObject({ couponDiscountMinor: 100 });
    for (let i = 0; i < 10; i++) expect((await errorOf(calls["extension preview"]!(u.ctx, minSpend))).reason).toBe("coupon_min_spend");
    // A right code on an order works under the limit.
    expect(await calls["renewal order"]!(u.ctx, good)).toMatchObject({ couponDiscountMinor: 100 });
    // The tenth wrong code is still answered; the eleventh, on yet another verb, is not.
    expect((await errorOf(calls["buy now"]!(u.ctx, "BAD-9"))).reason).toBe("coupon_unusable");
    expect((await errorOf(calls.checkout!(u.ctx, "BAD-10"))).code).toBe("RATE_LIMITED");
    // No code at all is no guess: the verbs still work.
    expect(await calls["cart preview"]!(u.ctx, "")).toMatchObject({ couponDiscountMinor: 0 });
  });

  it("per IP: fresh accounts behind one address share its budget; another address is not affected", async () => {
    const ip = freshIp();
    const perUser = LIMITS.couponFailuresPerUser.limit;
    const accounts = Math.ceil(LIMITS.couponFailuresPerIp.limit / perUser);
    const on = (u: Buyer, at = ip) => makeCtx(shop.db, u.ctx.actor, { ip: at });
    let n = 0;
    for (let a = 0; a < accounts; a++) {
      const u = await buyer(shop);
      for (let i = 0; i < perUser && n < LIMITS.couponFailuresPerIp.limit; i++, n++) expect((await errorOf(buyNow(on(u), { planId: plan.id, couponCode: `IP-${n}` }))).reason).toBe("coupon_unusable");
    }
    const next = await buyer(shop);
    expect((await errorOf(previewOrder(on(next), { lines: [{ planId: plan.id }], couponCode: "IP-NEXT" }))).code).toBe("RATE_LIMITED");
    expect((await errorOf(previewOrder(on(next, freshIp()), { lines: [{ planId: plan.id }], couponCode: "IP-NEXT" }))).reason).toBe("coupon_unusable");
  });

  it("25 concurrent wrong codes from one buyer: exactly 10 are looked up (counted before the check)", async () => {
    const u = await buyer(shop);
    const rs = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: `RACE-${i}` })));
    const reasons = rs.map((r) => (r.status === "rejected" ? (r.reason as DomainError).details.reason : "ok"));
    expect(reasons.filter((r) => r === "coupon_unusable")).toHaveLength(LIMITS.couponFailuresPerUser.limit);
    expect(reasons.filter((r) => r === "rate_limited")).toHaveLength(25 - LIMITS.couponFailuresPerUser.limit);
  });

  it("a granted coupon stays the grantee's: granting is idempotent and the grant is not consumed", async () => {
    const c = await createCoupon(shop.admin.ctx, { code: code("G"), kind: "AMOUNT", amountOffMinor: 100, audience: "GRANTED", perUserLimit: 1 });
    const u = await buyer(shop);
    expect((await grantCoupon(shop.admin.ctx, c.id, u.email)).created).toBe(true);
    expect((await grantCoupon(shop.admin.ctx, c.id, u.email)).created).toBe(false);
    expect(await shop.db.select().from(couponGrants).where(eq(couponGrants.couponId, c.id))).toHaveLength(1);
    await buyNow(u.ctx, { planId: plan.id, couponCode: c.code });
    // Another plan: the same purchase again would bring back the open order (issue 24 item 2).
    const other = await proxyPlan(shop);
    expect((await errorOf(buyNow(u.ctx, { planId: other.id, couponCode: c.code }))).reason).toBe("coupon_user_limit");
  });
});

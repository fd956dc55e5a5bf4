// The coupon-guessing limit as a browser meets it (issue 21, item 6): every Server Action that takes
// a code (cart preview, checkout, buy now, extension preview, extension order) answers a wrong code
// with the one "this coupon cannot be used" error, worded in the caller's language, and the 11th
// wrong code in the window with RATE_LIMITED and a retry-after.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { subscriptions } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { createCoupon } from "../../src/server/services/catalog";
import { addToCart, buyNow } from "../../src/server/services/orders";
import { buyer, openShop, proxyPlan } from "./fixtures";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "relayboard.test" }), cookies: async () => ({ get: () => undefined }) }));
const cart = await import("../../src/app/(user)/cart/actions");
const store = await import("../../src/app/(user)/store/actions");
const extend = await import("../../src/app/(user)/subscriptions/actions");

const shop = openShop();
let planId: string;
let free: string;
beforeAll(async () => {
  planId = (await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900, topupMode: "PER_GB", topupPricePerGbMinor: 50 })).id;
  free = (await createCoupon(shop.admin.ctx, { code: `FREEACT${Date.now()}`, kind: "PERCENT", percentOff: 100 })).code;
});

type Answer = { ok: boolean; error?: { code: string; message: string; details?: Record<string, unknown> } };
const actions: Record<string, (subscriptionId: string, code: string) => Promise<Answer>> = {
  previewCartAction: (_s, c) => cart.previewCartAction(c),
  checkoutCartAction: (_s, c) => cart.checkoutCartAction(c),
  buyNowAction: (_s, c) => store.buyNowAction({ planId, couponCode: c } as Parameters<typeof store.buyNowAction>[0]),
  previewExtensionAction: (s, c) => extend.previewExtensionAction({ planId, subscriptionId: s, kind: "RENEWAL", couponCode: c }),
  orderExtensionAction: (s, c) => extend.orderExtensionAction({ planId, subscriptionId: s, kind: "TRAFFIC_TOPUP", trafficGb: 2, couponCode: c }),
};

describe("Server Actions that take a coupon code", () => {
  it.each(Object.keys(actions))("%s: a wrong code is 'cannot be used'; the 11th is RATE_LIMITED", async (name) => {
    const u = await buyer(shop);
    await buyNow(u.ctx, { planId, couponCode: free });
    const [sub] = await shop.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, u.id));
    await addToCart(u.ctx, { planId });
    caller.ctx = { ...u.ctx, locale: "en" };
    const call = actions[name]!;
    for (let i = 0; i < LIMITS.couponFailuresPerUser.limit; i++) {
      const r = await call(sub!.id, `WRONG-${i}`);
      expect(r).toMatchObject({ ok: false, error: { code: "VALIDATION", message: "This coupon cannot be used.", details: { reason: "coupon_unusable" } } });
    }
    const limited = await call(sub!.id, "WRONG-X");
    expect(limited).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", details: { reason: "rate_limited" } } });
    expect(limited.error!.details!.retryAfterSeconds).toBeGreaterThan(0);
  });
});

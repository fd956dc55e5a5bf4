// Streaming services (encrypted credentials, slots), coupons (codes, limits, grants, soft delete)
// and promotions: admin verbs on PGlite (or PostgreSQL), with their audit rows and access checks.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponGrants, coupons, orders, streamingServices } from "../../src/server/db/schema";
import { decryptSecret } from "../../src/server/crypto/secrets";
import * as catalog from "../../src/server/services/catalog";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { auditOf, nodeWithInbounds, proxyPlan, randomId, streamingPlan, uniqueName } from "./helpers";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
});

describe("streaming services", () => {
  it("stores the credentials encrypted and never lists them; a reveal is explicit and audited", async () => {
    const s = await catalog.createStreamingService(admin.ctx, { name: uniqueName("netflix"), description: "4K", credentials: "login: family@example.com\npassword: hunter2", slotCount: 5 });
    expect(JSON.stringify(s)).not.toContain("hunter2");
    const [row] = await t.db.select().from(streamingServices).where(eq(streamingServices.id, s.id));
    expect(row!.credentialsEnc).not.toContain("hunter2");
    expect(decryptSecret(row!.credentialsEnc)).toContain("hunter2");
    const list = await catalog.listStreamingServices(admin.ctx);
    expect(JSON.stringify(list)).not.toMatch(/hunter2|credentials/);
    expect(list.find((x) => x.id === s.id)).toMatchObject({ slotCount: 5, slotsHeld: 0, slotsFree: 5, enabled: true, planCount: 0 });
    expect(await catalog.revealStreamingCredentials(admin.ctx, s.id)).toEqual({ id: s.id, credentials: "login: family@example.com\npassword: hunter2" });
    const audit = await auditOf(t.db, s.id);
    expect(audit.map((a) => a.action)).toEqual(["admin.streaming.create", "admin.streaming.reveal_credentials"]);
    expect(JSON.stringify(audit)).not.toContain("hunter2");
  });

  it("update keeps the credentials when left empty, replaces them otherwise", async () => {
    const s = await catalog.createStreamingService(admin.ctx, { name: uniqueName("disney"), credentials: "old", slotCount: 2 });
    await catalog.updateStreamingService(admin.ctx, s.id, { name: s.name, credentials: "", slotCount: 3 });
    expect((await catalog.revealStreamingCredentials(admin.ctx, s.id)).credentials).toBe("old");
    await catalog.updateStreamingService(admin.ctx, s.id, { name: s.name, credentials: "new", slotCount: 3 });
    expect((await catalog.revealStreamingCredentials(admin.ctx, s.id)).credentials).toBe("new");
    expect((await auditOf(t.db, s.id)).filter((a) => a.action === "admin.streaming.update").at(-1)!.metadata).toMatchObject({ fields: ["credentials"] });
  });

  it("refuses a slot count below the slots held, and a duplicate name", async () => {
    const s = await catalog.createStreamingService(admin.ctx, { name: uniqueName("hbo"), credentials: "x", slotCount: 6 });
    await t.db.update(streamingServices).set({ slotsHeld: 4 }).where(eq(streamingServices.id, s.id));
    expect(await domainErrorOf(() => catalog.updateStreamingService(admin.ctx, s.id, { name: s.name, slotCount: 3 }))).toMatchObject({
      code: "CONFLICT",
      reason: "streaming_slots_below_held",
      details: { held: 4, fields: { slotCount: "below_held" } },
    });
    expect(await catalog.updateStreamingService(admin.ctx, s.id, { name: s.name, slotCount: 4 })).toMatchObject({ slotCount: 4, slotsFree: 0 });
    expect(await domainErrorOf(() => catalog.createStreamingService(admin.ctx, { name: s.name, credentials: "y", slotCount: 1 }))).toMatchObject({ code: "CONFLICT", reason: "streaming_service_name_taken", details: { fields: { name: "taken" } } });
  });

  it("validates its input with field codes", async () => {
    const d = await domainErrorOf(() => catalog.createStreamingService(admin.ctx, { name: "", credentials: "", slotCount: -1 }));
    expect(d.details.fields).toEqual({ name: "required", credentials: "required", slotCount: "too_small" });
  });

  it("deleting is refused while a plan sells the service", async () => {
    const s = await catalog.createStreamingService(admin.ctx, { name: uniqueName("spotify"), credentials: "x", slotCount: 6 });
    const p = await catalog.createPlan(admin.ctx, streamingPlan(s.id));
    expect(await domainErrorOf(() => catalog.deleteStreamingService(admin.ctx, s.id))).toMatchObject({ code: "CONFLICT", reason: "streaming_service_in_use" });
    await catalog.deletePlan(admin.ctx, p.id);
    expect(await catalog.deleteStreamingService(admin.ctx, s.id)).toEqual({ deleted: true });
    expect(await domainErrorOf(() => catalog.revealStreamingCredentials(admin.ctx, s.id))).toMatchObject({ code: "NOT_FOUND", reason: "streaming_service_not_found" });
  });
});

const amountCoupon = (over: Record<string, unknown> = {}) => ({ code: uniqueName("save").replace(/-/g, "_"), kind: "AMOUNT", amountOffMinor: 500, ...over });

describe("coupons", () => {
  it("normalizes the code to upper case and refuses a duplicate in any case (409)", async () => {
    const c = await catalog.createCoupon(admin.ctx, amountCoupon({ code: "  spring-Sale  " }));
    expect(c.code).toBe("SPRING-SALE");
    expect(await domainErrorOf(() => catalog.createCoupon(admin.ctx, amountCoupon({ code: "Spring-sale" })))).toMatchObject({ code: "CONFLICT", reason: "coupon_code_taken", details: { fields: { code: "taken" } } });
    expect((await auditOf(t.db, c.id))[0]).toMatchObject({ action: "admin.coupon.create", metadata: { code: "SPRING-SALE" } });
  });

  it("checks each value rule with a field code", async () => {
    const f = async (input: Record<string, unknown>) => (await domainErrorOf(() => catalog.createCoupon(admin.ctx, input))).details.fields;
    expect(await f(amountCoupon({ code: "a b" }))).toEqual({ code: "invalid" });
    expect(await f(amountCoupon({ code: "ab" }))).toEqual({ code: "too_short" });
    expect(await f(amountCoupon({ amountOffMinor: 0 }))).toEqual({ amountOffMinor: "too_small" });
    expect(await f(amountCoupon({ amountOffMinor: undefined }))).toEqual({ amountOffMinor: "required" });
    expect(await f(amountCoupon({ kind: "PERCENT", amountOffMinor: undefined }))).toEqual({ percentOff: "required" });
    expect(await f(amountCoupon({ kind: "PERCENT", percentOff: 0 }))).toEqual({ percentOff: "too_small" });
    expect(await f(amountCoupon({ kind: "PERCENT", percentOff: 101 }))).toEqual({ percentOff: "too_big" });
    expect(await f(amountCoupon({ startsAt: "2030-02-01T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }))).toEqual({ endsAt: "before_start" });
    expect(await f(amountCoupon({ startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }))).toEqual({ endsAt: "before_start" });
    expect(await f(amountCoupon({ minSpendMinor: -1, totalLimit: -1, perUserLimit: 0 }))).toEqual({ minSpendMinor: "too_small", totalLimit: "too_small", perUserLimit: "too_small" });
    expect(await f(amountCoupon({ audience: "FRIENDS" }))).toEqual({ audience: "invalid_choice" });
  });

  it("a percent coupon keeps its cap; an amount coupon drops percent fields", async () => {
    const p = await catalog.createCoupon(admin.ctx, amountCoupon({ kind: "PERCENT", percentOff: 15, maxDiscountMinor: 1000, amountOffMinor: 77 }));
    expect(p).toMatchObject({ kind: "PERCENT", percentOff: 15, maxDiscountMinor: 1000, amountOffMinor: 0 });
    const a = await catalog.createCoupon(admin.ctx, amountCoupon({ percentOff: 50, maxDiscountMinor: 1000 }));
    expect(a).toMatchObject({ kind: "AMOUNT", amountOffMinor: 500, percentOff: 0, maxDiscountMinor: null });
  });

  it("a plan restriction must name existing plans", async () => {
    const node = await nodeWithInbounds(t.db);
    const plan = await catalog.createPlan(admin.ctx, proxyPlan(node));
    expect(await domainErrorOf(() => catalog.createCoupon(admin.ctx, amountCoupon({ planIds: [plan.id, randomId()] })))).toMatchObject({ reason: "coupon_unknown_plans", details: { fields: { planIds: "not_found" } } });
    expect((await catalog.createCoupon(admin.ctx, amountCoupon({ planIds: [plan.id, plan.id] }))).planIds).toEqual([plan.id]);
  });

  it("refuses a total limit below the uses held", async () => {
    const c = await catalog.createCoupon(admin.ctx, amountCoupon({ totalLimit: 10 }));
    await t.db.update(coupons).set({ usesHeld: 7 }).where(eq(coupons.id, c.id));
    expect(await domainErrorOf(() => catalog.updateCoupon(admin.ctx, c.id, amountCoupon({ code: c.code, totalLimit: 6 })))).toMatchObject({
      code: "CONFLICT",
      reason: "coupon_uses_below_held",
      details: { held: 7, fields: { totalLimit: "below_held" } },
    });
    expect(await catalog.updateCoupon(admin.ctx, c.id, amountCoupon({ code: c.code, totalLimit: 7 }))).toMatchObject({ totalLimit: 7 });
  });

  it("lists with search by code and pagination", async () => {
    const tag = `LST${Date.now().toString(36).toUpperCase()}`;
    for (let i = 0; i < 3; i++) await catalog.createCoupon(admin.ctx, amountCoupon({ code: `${tag}${i}` }));
    const r = await catalog.listCoupons(admin.ctx, { q: tag.toLowerCase(), pageSize: 2 });
    expect(r).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(r.rows).toHaveLength(2);
    expect((await catalog.listCoupons(admin.ctx, { q: tag, page: 2, pageSize: 2 })).rows).toHaveLength(1);
  });

  it("grants a GRANTED coupon by email (idempotent), lists and revokes grants; a public coupon takes none", async () => {
    const c = await catalog.createCoupon(admin.ctx, amountCoupon({ audience: "GRANTED" }));
    expect(await catalog.grantCoupon(admin.ctx, c.id, user.email.toUpperCase())).toMatchObject({ userId: user.id, created: true });
    expect(await catalog.grantCoupon(admin.ctx, c.id, user.email)).toMatchObject({ created: false });
    expect(await catalog.listCouponGrants(admin.ctx, c.id)).toEqual([expect.objectContaining({ userId: user.id, email: user.email })]);
    expect((await catalog.listCoupons(admin.ctx, { q: c.code })).rows[0]).toMatchObject({ grantCount: 1 });
    expect(await catalog.findCouponForUser(user.ctx, c.code.toLowerCase())).toMatchObject({ coupon: { id: c.id }, grantedToUser: true });
    expect(await catalog.findCouponForUser(admin.ctx, c.code)).toMatchObject({ grantedToUser: false });
    expect(await domainErrorOf(() => catalog.grantCoupon(admin.ctx, c.id, "nobody@example.com"))).toMatchObject({ code: "NOT_FOUND", reason: "user_not_found" });
    expect(await catalog.revokeCouponGrant(admin.ctx, c.id, user.id)).toEqual({ revoked: true });
    expect(await domainErrorOf(() => catalog.revokeCouponGrant(admin.ctx, c.id, user.id))).toMatchObject({ code: "NOT_FOUND", reason: "coupon_grant_not_found" });
    expect((await auditOf(t.db, c.id)).map((a) => a.action)).toEqual(["admin.coupon.create", "admin.coupon.grant", "admin.coupon.revoke_grant"]);
    const pub = await catalog.createCoupon(admin.ctx, amountCoupon());
    expect(await domainErrorOf(() => catalog.grantCoupon(admin.ctx, pub.id, user.email))).toMatchObject({ code: "VALIDATION", reason: "coupon_public" });
  });

  it("findCouponForUser needs a signed-in user and answers null for an unknown code", async () => {
    await expect(catalog.findCouponForUser(anonCtx(t.db), "X")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await catalog.findCouponForUser(user.ctx, "NO-SUCH-CODE")).toBeNull();
  });

  it("deletes an unused coupon; a used one is only disabled", async () => {
    const unused = await catalog.createCoupon(admin.ctx, amountCoupon({ audience: "GRANTED" }));
    await catalog.grantCoupon(admin.ctx, unused.id, user.email);
    expect(await catalog.deleteCoupon(admin.ctx, unused.id)).toEqual({ deleted: true, disabled: false });
    expect(await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, unused.id))).toEqual([]);

    const used = await catalog.createCoupon(admin.ctx, amountCoupon());
    await t.db.insert(orders).values({ orderNo: `C${Date.now()}`, userId: user.id, kind: "NEW_PURCHASE", currency: "CNY", subtotalMinor: 1000, totalMinor: 500, couponDiscountMinor: 500, couponId: used.id, expiresAt: new Date() });
    expect(await catalog.deleteCoupon(admin.ctx, used.id)).toEqual({ deleted: false, disabled: true });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, used.id));
    expect(row!.enabled).toBe(false);
    expect((await auditOf(t.db, used.id)).at(-1)).toMatchObject({ action: "admin.coupon.disable" });

    const held = await catalog.createCoupon(admin.ctx, amountCoupon());
    await t.db.update(coupons).set({ usesHeld: 1 }).where(eq(coupons.id, held.id));
    expect(await catalog.deleteCoupon(admin.ctx, held.id)).toMatchObject({ deleted: false });
  });
});

describe("promotions", () => {
  it("create, update, list, delete, each audited", async () => {
    const p = await catalog.createPromotion(admin.ctx, { name: "Spend 100 save 10", thresholdMinor: 10000, discountMinor: 1000 });
    expect(p).toMatchObject({ enabled: true, startsAt: null });
    const u = await catalog.updatePromotion(admin.ctx, p.id, { name: "Spend 100 save 15", thresholdMinor: 10000, discountMinor: 1500, enabled: false });
    expect(u).toMatchObject({ discountMinor: 1500, enabled: false });
    expect((await catalog.listPromotions(admin.ctx)).map((x) => x.id)).toContain(p.id);
    expect(await catalog.deletePromotion(admin.ctx, p.id)).toEqual({ deleted: true });
    expect((await auditOf(t.db, p.id)).map((a) => a.action)).toEqual(["admin.promotion.create", "admin.promotion.update", "admin.promotion.delete"]);
    expect(await domainErrorOf(() => catalog.updatePromotion(admin.ctx, p.id, { name: "x", thresholdMinor: 0, discountMinor: 1 }))).toMatchObject({ code: "NOT_FOUND", reason: "promotion_not_found" });
  });

  it("validates: discount at least 1 minor unit, threshold from 0, end after start", async () => {
    const d = await domainErrorOf(() => catalog.createPromotion(admin.ctx, { name: "", thresholdMinor: -1, discountMinor: 0 }));
    expect(d.details.fields).toEqual({ name: "required", thresholdMinor: "too_small", discountMinor: "too_small" });
    const w = await domainErrorOf(() => catalog.createPromotion(admin.ctx, { name: "w", thresholdMinor: 0, discountMinor: 1, startsAt: "2030-01-02", endsAt: "2030-01-01" }));
    expect(w.details.fields).toEqual({ endsAt: "before_start" });
  });

  it("listActivePromotions is public and keeps enabled promotions in their window; bestPromotion picks from it", async () => {
    const now = new Date();
    const live = await catalog.createPromotion(admin.ctx, { name: "live", thresholdMinor: 5000, discountMinor: 600 });
    const bigger = await catalog.createPromotion(admin.ctx, { name: "bigger", thresholdMinor: 8000, discountMinor: 900 });
    const off = await catalog.createPromotion(admin.ctx, { name: "off", thresholdMinor: 0, discountMinor: 5000, enabled: false });
    const future = await catalog.createPromotion(admin.ctx, { name: "future", thresholdMinor: 0, discountMinor: 5000, startsAt: new Date(now.getTime() + 86_400_000).toISOString() });
    const past = await catalog.createPromotion(admin.ctx, { name: "past", thresholdMinor: 0, discountMinor: 5000, endsAt: new Date(now.getTime() - 1000).toISOString() });
    const active = await catalog.listActivePromotions(anonCtx(t.db));
    const ids = active.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([live.id, bigger.id]));
    for (const p of [off, future, past]) expect(ids).not.toContain(p.id);
    expect(catalog.bestPromotion(active, 9000, now)).toMatchObject({ promotion: { id: bigger.id }, discountMinor: 900 });
    expect(catalog.bestPromotion(active, 6000, now)).toMatchObject({ promotion: { id: live.id }, discountMinor: 600 });
  });
});

describe("access", () => {
  const verbs: [string, (ctx: Parameters<typeof catalog.createCoupon>[0]) => Promise<unknown>][] = [
    ["createStreamingService", (ctx) => catalog.createStreamingService(ctx, { name: "x", credentials: "x", slotCount: 1 })],
    ["updateStreamingService", (ctx) => catalog.updateStreamingService(ctx, randomId(), {})],
    ["deleteStreamingService", (ctx) => catalog.deleteStreamingService(ctx, randomId())],
    ["listStreamingServices", (ctx) => catalog.listStreamingServices(ctx)],
    ["revealStreamingCredentials", (ctx) => catalog.revealStreamingCredentials(ctx, randomId())],
    ["createCoupon", (ctx) => catalog.createCoupon(ctx, amountCoupon())],
    ["updateCoupon", (ctx) => catalog.updateCoupon(ctx, randomId(), amountCoupon())],
    ["deleteCoupon", (ctx) => catalog.deleteCoupon(ctx, randomId())],
    ["listCoupons", (ctx) => catalog.listCoupons(ctx, {})],
    ["listCouponGrants", (ctx) => catalog.listCouponGrants(ctx, randomId())],
    ["grantCoupon", (ctx) => catalog.grantCoupon(ctx, randomId(), "a@b.c")],
    ["revokeCouponGrant", (ctx) => catalog.revokeCouponGrant(ctx, randomId(), randomId())],
    ["createPromotion", (ctx) => catalog.createPromotion(ctx, { name: "x", thresholdMinor: 0, discountMinor: 1 })],
    ["updatePromotion", (ctx) => catalog.updatePromotion(ctx, randomId(), {})],
    ["deletePromotion", (ctx) => catalog.deletePromotion(ctx, randomId())],
    ["listPromotions", (ctx) => catalog.listPromotions(ctx)],
  ];
  it.each(verbs)("%s: a user gets 403 and changes nothing; anonymous 401", async (_, fn) => {
    await expect(fn(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(fn(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the operator CLI passes (as for every admin verb)", async () => {
    await expect(catalog.listCoupons(cliCtx(t.db), {})).resolves.toBeDefined();
  });
});

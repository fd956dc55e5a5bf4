// Prepaid cards (issue 23 item 6, behaviour §13): generation stores only keyed hashes, balance cards
// credit once, plan cards provision their plan like a paid order and keep the plan's stock right
// through generate, redeem, delete and expiry; used, expired and unknown codes get one answer;
// guessing is limited per user and per IP; one card redeemed 20 times at once counts once (separate
// connections on PostgreSQL).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { keyedHash } from "../../src/server/crypto/secrets";
import { auditLogs, nodeClients, orderItems, orders, plans, rechargeCards, subscriptions, walletTransactions } from "../../src/server/db/schema";
import { isDomainError, type DomainError } from "../../src/server/errors";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { balanceOf, deleteCard, expireDueCards, generateCards, listCards, redeemCard } from "../../src/server/services/wallet";
import { normaliseCardCode } from "../../src/server/services/wallet/cards-codes";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { anonCtx, freshIp } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

const shop = openShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);
const HOUR = 3_600_000;

beforeEach(() => {
  useMemoryLimiter();
});

async function errorOf(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (isDomainError(err)) return err;
    throw err;
  }
  throw new Error("expected a refusal, got success");
}

const stockHeld = async (planId: string) => (await shop.db.select({ n: plans.stockHeld }).from(plans).where(eq(plans.id, planId)))[0]!.n;
const cardRow = async (id: string) => (await shop.db.select().from(rechargeCards).where(eq(rechargeCards.id, id)))[0];
const balanceCards = (count: number, amountMinor = 1050, extra: Record<string, unknown> = {}) => generateCards(shop.admin.ctx, { kind: "BALANCE", count, amountMinor, ...extra });

describe("generating cards", () => {
  it("gives unique 100-bit codes once and stores only their keyed hash and a four-character hint", async () => {
    const batch = await balanceCards(25);
    const codes = batch.cards.map((c) => c.code);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    const rows = await shop.db.select().from(rechargeCards).where(eq(rechargeCards.batchId, batch.batchId));
    expect(rows).toHaveLength(25);
    for (const card of batch.cards) {
      const plain = normaliseCardCode(card.code)!;
      const row = rows.find((r) => r.id === card.id)!;
      expect(row).toMatchObject({ kind: "BALANCE", amountMinor: 1050, planId: null, status: "UNUSED", holdsStock: false, codeHint: plain.slice(-4) });
      expect(row.codeHash).toBe(keyedHash(plain, "recharge-card"));
    }
    // Neither form of any code is in the table or the audit log.
    const stored = JSON.stringify([await shop.db.select().from(rechargeCards), await shop.db.select().from(auditLogs)]);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(normaliseCardCode(code));
      expect(stored).not.toContain(normaliseCardCode(code)!.slice(0, 12));
    }
  });

  it("checks the input: kind-specific fields, count 1..1000, an expiry in the future; admins only", async () => {
    const admin = shop.admin.ctx;
    expect((await errorOf(generateCards(admin, { kind: "BALANCE", count: 1 }))).details.fields).toEqual({ amountMinor: "required" });
    expect((await errorOf(generateCards(admin, { kind: "PLAN", count: 1 }))).details.fields).toEqual({ planId: "required" });
    expect((await errorOf(generateCards(admin, { kind: "BALANCE", count: 1001, amountMinor: 100 }))).code).toBe("VALIDATION");
    expect((await errorOf(generateCards(admin, { kind: "BALANCE", count: 0, amountMinor: 100 }))).code).toBe("VALIDATION");
    expect((await errorOf(generateCards(admin, { kind: "BALANCE", count: 1, amountMinor: 100, expiresAt: new Date(Date.now() - 1000) }))).details.fields).toEqual({ expiresAt: "invalid" });
    const u = await buyer(shop);
    expect((await errorOf(generateCards(u.ctx, { kind: "BALANCE", count: 1, amountMinor: 100 }))).details.reason).toBe("admin_required");
    expect((await errorOf(listCards(u.ctx, {}))).details.reason).toBe("admin_required");
    expect((await errorOf(listCards(anonCtx(shop.db), {}))).code).toBe("UNAUTHENTICATED");
  });
});

describe("redeeming a balance card", () => {
  it("credits the balance once, with a CARD ledger row; the code is read whatever its case, spaces and dashes", async () => {
    const [card] = (await balanceCards(1, 2_500)).cards;
    const u = await buyer(shop);
    const typed = ` ${card!.code.replace(/-/g, " ").toLowerCase()} `;
    const r = await redeemCard(u.ctx, { code: typed });
    expect(r).toMatchObject({ kind: "BALANCE", cardId: card!.id, amountMinor: 2_500, balanceMinor: 2_500 });
    expect(await balanceOf(shop.db, u.id)).toBe(2_500);
    const ledger = await shop.db.select().from(walletTransactions).where(eq(walletTransactions.userId, u.id));
    expect(ledger).toEqual([expect.objectContaining({ kind: "CARD", amountMinor: 2_500, referenceType: "card", referenceId: card!.id, idempotencyKey: `card:${card!.id}` })]);
    expect(await cardRow(card!.id)).toMatchObject({ status: "USED", usedById: u.id });

    const again = await errorOf(redeemCard(u.ctx, { code: card!.code }));
    expect(again.details.reason).toBe("card_invalid");
    expect(await balanceOf(shop.db, u.id)).toBe(2_500);
  });

  it("used, expired, unknown and malformed codes all get the same answer", async () => {
    const [used] = (await balanceCards(1)).cards;
    const [expiring] = (await balanceCards(1, 1050, { expiresAt: new Date(Date.now() + HOUR) })).cards;
    const u = await buyer(shop);
    await redeemCard(u.ctx, { code: used!.code });
    const later = makeCtx(shop.db, u.ctx.actor, { ip: u.ctx.ip, now: () => new Date(Date.now() + 2 * HOUR) });
    const answers = await Promise.all([
      errorOf(redeemCard(u.ctx, { code: used!.code })),
      errorOf(redeemCard(later, { code: expiring!.code })),
      errorOf(redeemCard(u.ctx, { code: "ABCD-EFGH-JKMN-PQRS-TVWX" })),
      errorOf(redeemCard(u.ctx, { code: "not a card" })),
    ]);
    for (const e of answers) expect({ code: e.code, reason: e.details.reason, message: e.message }).toEqual({ code: "VALIDATION", reason: "card_invalid", message: answers[0]!.message });
    expect(await cardRow(expiring!.id)).toMatchObject({ status: "UNUSED" });
    expect(await balanceOf(shop.db, u.id)).toBe(1050);
  });

  it("one card redeemed 20 times at once by one user (half on a second instance) is credited once", async () => {
    const [card] = (await balanceCards(1, 700)).cards;
    const u = await buyer(shop);
    // Every racer reaches the door: the guess limit is not what this proves.
    setLimiter({ hit: async () => ({ ok: true, count: 1, retryAfterSeconds: 1 }), peek: async () => ({ ok: true, count: 0, retryAfterSeconds: 0 }), reset: async () => undefined });
    const rs = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => redeemCard(second.on(i, u.ctx), { code: card!.code })));
    const reasons = settledReasons(rs);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "card_invalid")).toBe(true);
    expect(await balanceOf(shop.db, u.id)).toBe(700);
    expect(await shop.db.select().from(walletTransactions).where(eq(walletTransactions.userId, u.id))).toHaveLength(1);
  });

  it("one card raced by 20 different users: one of them gets it", async () => {
    const [card] = (await balanceCards(1, 300)).cards;
    const users = await Promise.all(Array.from({ length: 20 }, () => buyer(shop)));
    const rs = await Promise.allSettled(users.map((u, i) => redeemCard(second.on(i, u.ctx), { code: card!.code })));
    const reasons = settledReasons(rs);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "card_invalid")).toBe(true);
    const winner = users[reasons.indexOf("ok")]!;
    expect(await cardRow(card!.id)).toMatchObject({ status: "USED", usedById: winner.id });
    const credited = await shop.db.select().from(walletTransactions).where(eq(walletTransactions.referenceId, card!.id));
    expect(credited).toEqual([expect.objectContaining({ userId: winner.id, amountMinor: 300 })]);
  });
});

describe("plan cards", () => {
  it("reserve stock at generation, provision the plan on redemption without a second unit, and give units back once on delete and expiry", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    expect(await stockHeld(plan.id)).toBe(0);
    const batch = await generateCards(shop.admin.ctx, { kind: "PLAN", count: 3, planId: plan.id, expiresAt: new Date(Date.now() + HOUR) });
    expect(await stockHeld(plan.id)).toBe(3);
    const rows = await shop.db.select().from(rechargeCards).where(eq(rechargeCards.batchId, batch.batchId));
    expect(rows.every((r) => r.holdsStock && r.kind === "PLAN" && r.planId === plan.id && r.trafficGb === 10 && r.durationDays === 30 && r.amountMinor === null)).toBe(true);

    // Redeem: a subscription like a paid order's, the card's unit passed on (still 3 held).
    const [a, b, c] = batch.cards;
    const u = await buyer(shop);
    const r = await redeemCard(u.ctx, { code: a!.code });
    if (r.kind !== "PLAN") throw new Error("expected a plan card");
    expect(r.planId).toBe(plan.id);
    expect(await stockHeld(plan.id)).toBe(3);
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, r.subscriptionId));
    expect(sub).toMatchObject({ userId: u.id, planId: plan.id, status: "ACTIVE", holdsStock: true, trafficLimitBytes: 10 * 1024 ** 3 });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, r.orderId));
    expect(order).toMatchObject({ userId: u.id, kind: "NEW_PURCHASE", status: "PAID", paidVia: "CARD", totalMinor: 0, provider: null });
    const lines = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, r.orderId));
    expect(lines).toEqual([expect.objectContaining({ planId: plan.id, holdsStock: true, amountMinor: 0, resultSubscriptionId: sub!.id })]);
    expect(await cardRow(a!.id)).toMatchObject({ status: "USED", usedById: u.id, holdsStock: false, resultSubscriptionId: sub!.id });
    expect(await balanceOf(shop.db, u.id)).toBe(0);
    // Its panel clients reach the 3x-ui panel.
    await drainTasks(shop.db);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
    expect(clients).toHaveLength(2);
    const onPanel = shop.sim.state.inbounds.flatMap((i) => shop.sim.state.clientsOf(i)).map((x) => String(x.email).toLowerCase());
    for (const cl of clients) expect(onPanel).toContain(cl.email);

    // Delete an unused card: its unit back, once.
    expect(await deleteCard(shop.admin.ctx, b!.id)).toEqual({ id: b!.id, releasedStock: true });
    expect(await stockHeld(plan.id)).toBe(2);
    expect((await errorOf(deleteCard(shop.admin.ctx, b!.id))).details.reason).toBe("card_not_found");
    expect(await stockHeld(plan.id)).toBe(2);
    // A used card cannot be deleted, and its unit stays with the subscription.
    expect((await errorOf(deleteCard(shop.admin.ctx, a!.id))).details.reason).toBe("card_used");
    expect(await stockHeld(plan.id)).toBe(2);

    // Expiry: the unused card expires and gives its unit back; running the job again changes nothing.
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await expireDueCards(shop.db, new Date())).toBe(0);
    expect(await expireDueCards(shop.db, later)).toBeGreaterThanOrEqual(1);
    expect(await cardRow(c!.id)).toMatchObject({ status: "EXPIRED", holdsStock: false });
    expect(await stockHeld(plan.id)).toBe(1);
    await expireDueCards(shop.db, later);
    expect(await stockHeld(plan.id)).toBe(1);
    // An expired card can be deleted (nothing more to release) and cannot be redeemed.
    expect((await errorOf(redeemCard(u.ctx, { code: c!.code }))).details.reason).toBe("card_invalid");
    expect(await deleteCard(shop.admin.ctx, c!.id)).toEqual({ id: c!.id, releasedStock: false });
    expect(await stockHeld(plan.id)).toBe(1);
  });

  it("out of stock refuses the whole batch", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 2 });
    const e = await errorOf(generateCards(shop.admin.ctx, { kind: "PLAN", count: 3, planId: plan.id }));
    expect(e.details.reason).toBe("out_of_stock");
    expect(await stockHeld(plan.id)).toBe(0);
    expect(await shop.db.select().from(rechargeCards).where(eq(rechargeCards.planId, plan.id))).toHaveLength(0);
    await generateCards(shop.admin.ctx, { kind: "PLAN", count: 2, planId: plan.id });
    expect(await stockHeld(plan.id)).toBe(2);
  });

  it("a slider plan's card fixes its traffic at generation; trials are not sold as cards", async () => {
    const slider = await proxyPlan(shop, { pricingMode: "SLIDER", pricePerGbMinor: 100, minGb: 5, maxGb: 50 });
    expect((await errorOf(generateCards(shop.admin.ctx, { kind: "PLAN", count: 1, planId: slider.id }))).details.reason).toBe("price_traffic_required");
    const [card] = (await generateCards(shop.admin.ctx, { kind: "PLAN", count: 1, planId: slider.id, trafficGb: 20 })).cards;
    const u = await buyer(shop);
    const r = await redeemCard(u.ctx, { code: card!.code });
    if (r.kind !== "PLAN") throw new Error("expected a plan card");
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, r.subscriptionId));
    expect(sub!.trafficLimitBytes).toBe(20 * 1024 ** 3);
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    expect((await errorOf(generateCards(shop.admin.ctx, { kind: "PLAN", count: 1, planId: trial.id }))).details.fields).toEqual({ planId: "invalid_choice" });
  });

  it("one plan card raced 20 times: one subscription, the stock unchanged", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3 });
    const [card] = (await generateCards(shop.admin.ctx, { kind: "PLAN", count: 1, planId: plan.id })).cards;
    const users = await Promise.all(Array.from({ length: 20 }, () => buyer(shop)));
    const rs = await Promise.allSettled(users.map((u, i) => redeemCard(second.on(i, u.ctx), { code: card!.code })));
    const reasons = settledReasons(rs);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "card_invalid")).toBe(true);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.planId, plan.id))).toHaveLength(1);
    expect(await stockHeld(plan.id)).toBe(1);
  });

  it("delete and expiry racing a redemption (10 rounds each): the card is used or gone, never both, and the unit is counted once", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 50 });
    const rounds = 10;
    const batch = await generateCards(shop.admin.ctx, { kind: "PLAN", count: rounds * 2, planId: plan.id, expiresAt: new Date(Date.now() + HOUR) });
    const users = await Promise.all(Array.from({ length: rounds * 2 }, () => buyer(shop)));
    const later = new Date(Date.now() + 2 * HOUR);
    let redeemed = 0;
    for (let i = 0; i < rounds * 2; i++) {
      const card = batch.cards[i]!;
      // Redemptions run just before the expiry time, so the job and the door really compete.
      const u = users[i]!;
      const ctx = makeCtx(i % 2 ? second.db : shop.db, u.ctx.actor, { ip: u.ctx.ip, now: () => new Date(later.getTime() - 1) });
      const other = i < rounds ? deleteCard(makeCtx(i % 2 ? shop.db : second.db, shop.admin.ctx.actor, { ip: freshIp() }), card.id) : expireDueCards(i % 2 ? shop.db : second.db, later);
      const [r, o] = await Promise.allSettled([redeemCard(ctx, { code: card.code }), other]);
      const row = await cardRow(card.id);
      if (r.status === "fulfilled") {
        redeemed++;
        expect(row).toMatchObject({ status: "USED", holdsStock: false });
        if (i < rounds) expect((o as PromiseRejectedResult).reason).toMatchObject({ reason: "card_used" });
      } else {
        expect((r.reason as DomainError).details.reason).toBe("card_invalid");
        if (i < rounds) expect(row).toBeUndefined();
        else expect(row).toMatchObject({ status: "EXPIRED", holdsStock: false });
      }
    }
    // Units: one per redeemed card (now a subscription's); every deleted or expired card gave its unit back.
    expect(await stockHeld(plan.id)).toBe(redeemed);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.planId, plan.id))).toHaveLength(redeemed);
  });

  it("a plan card respects the plan's per-user limit, and a refusal leaves the card unused", async () => {
    const plan = await proxyPlan(shop, { perUserLimit: 1 });
    const [first, next] = (await generateCards(shop.admin.ctx, { kind: "PLAN", count: 2, planId: plan.id })).cards;
    const u = await buyer(shop);
    await redeemCard(u.ctx, { code: first!.code });
    expect((await errorOf(redeemCard(u.ctx, { code: next!.code }))).details.reason).toBe("plan_user_limit");
    expect(await cardRow(next!.id)).toMatchObject({ status: "UNUSED", holdsStock: true, usedById: null });
    expect(await stockHeld(plan.id)).toBe(2);
  });
});

describe("guessing", () => {
  const wrong = () => `ZZZZ-ZZZZ-ZZZZ-ZZZZ-${Math.floor(Math.random() * 9000 + 1000)}`;

  it(`refuses a user after ${LIMITS.cardFailuresPerUser.limit} wrong codes, also a right one, which stays unused; right codes cost nothing`, async () => {
    const [good, spare] = (await balanceCards(2, 100)).cards;
    const u = await buyer(shop);
    for (let i = 0; i < LIMITS.cardFailuresPerUser.limit - 1; i++) expect((await errorOf(redeemCard(u.ctx, { code: wrong() }))).details.reason).toBe("card_invalid");
    await redeemCard(u.ctx, { code: spare!.code }); // a success is given back
    expect((await errorOf(redeemCard(u.ctx, { code: wrong() }))).details.reason).toBe("card_invalid");
    const limited = await errorOf(redeemCard(u.ctx, { code: wrong() }));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(Number(limited.details.retryAfterSeconds)).toBeGreaterThan(0);
    expect((await errorOf(redeemCard(u.ctx, { code: good!.code }))).code).toBe("RATE_LIMITED");
    // The same user from a fresh address is still limited (the account counts, not only the IP).
    expect((await errorOf(redeemCard(makeCtx(shop.db, u.ctx.actor, { ip: freshIp() }), { code: good!.code }))).code).toBe("RATE_LIMITED");
    expect(await cardRow(good!.id)).toMatchObject({ status: "UNUSED" });
    expect(await balanceOf(shop.db, u.id)).toBe(100);
    // Someone else can still use it.
    const other = await buyer(shop);
    await redeemCard(other.ctx, { code: good!.code });
    expect(await balanceOf(shop.db, other.id)).toBe(100);
  });

  it(`refuses an IP after ${LIMITS.cardFailuresPerIp.limit} wrong codes, whichever accounts made them`, async () => {
    const ip = freshIp();
    const per = LIMITS.cardFailuresPerUser.limit;
    const accounts = await Promise.all(Array.from({ length: Math.ceil(LIMITS.cardFailuresPerIp.limit / per) + 1 }, () => buyer(shop)));
    const at = (i: number): Ctx => makeCtx(shop.db, accounts[i]!.ctx.actor, { ip });
    let made = 0;
    for (let i = 0; made < LIMITS.cardFailuresPerIp.limit; i++) {
      for (let k = 0; k < per && made < LIMITS.cardFailuresPerIp.limit; k++, made++) expect((await errorOf(redeemCard(at(i), { code: wrong() }))).details.reason).toBe("card_invalid");
    }
    expect((await errorOf(redeemCard(at(accounts.length - 1), { code: wrong() }))).code).toBe("RATE_LIMITED");
  });

  it("fails closed: without a client IP the redemption does not run", async () => {
    const [card] = (await balanceCards(1, 100)).cards;
    const u = await buyer(shop);
    await expect(redeemCard(makeCtx(shop.db, u.ctx.actor), { code: card!.code })).rejects.toThrow(/client IP/);
    expect(await cardRow(card!.id)).toMatchObject({ status: "UNUSED" });
  });
});

describe("listing cards", () => {
  it("filters by status, kind, batch and text (a whole code finds its card), newest first, paginated", async () => {
    const batch = await balanceCards(3, 4_200, { note: "listing-test" });
    const [used] = batch.cards;
    const u = await buyer(shop);
    await redeemCard(u.ctx, { code: used!.code });
    const all = await listCards(shop.admin.ctx, { batchId: batch.batchId });
    expect(all.total).toBe(3);
    expect(all.rows.every((r) => r.amountMinor === 4_200 && r.note === "listing-test")).toBe(true);
    const usedRows = await listCards(shop.admin.ctx, { batchId: batch.batchId, status: "USED" });
    expect(usedRows.rows).toEqual([expect.objectContaining({ id: used!.id, usedByEmail: u.email })]);
    expect((await listCards(shop.admin.ctx, { q: u.email })).rows.map((r) => r.id)).toEqual([used!.id]);
    expect((await listCards(shop.admin.ctx, { q: batch.cards[1]!.code.toLowerCase() })).rows.map((r) => r.id)).toEqual([batch.cards[1]!.id]);
    expect((await listCards(shop.admin.ctx, { batchId: batch.batchId, kind: "PLAN" })).total).toBe(0);
    const paged = await listCards(shop.admin.ctx, { batchId: batch.batchId, pageSize: 2, page: 2 });
    expect(paged.rows).toHaveLength(1);
  });
});

// Plans: validation (each rule with its field code), the node/inbound checks, trial rules, stock,
// delete refusal, the store listing, admin-only access and audit rows. PGlite (or PostgreSQL).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inbounds, orderItems, orders, plans, routeTraces, streamingServices } from "../../src/server/db/schema";
import * as catalog from "../../src/server/services/catalog";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { auditOf, nodeWithInbounds, proxyPlan, randomId, streamingPlan, trialPlan } from "./helpers";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
let node: Awaited<ReturnType<typeof nodeWithInbounds>>;
let other: Awaited<ReturnType<typeof nodeWithInbounds>>;
let serviceId: string;

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  node = await nodeWithInbounds(t.db, { inactive: true });
  other = await nodeWithInbounds(t.db);
  serviceId = (await catalog.createStreamingService(admin.ctx, { name: `svc-${Date.now()}`, credentials: "login: a@b.c / pw", slotCount: 4 })).id;
});

const fieldsOf = async (input: Record<string, unknown>) => (await domainErrorOf(() => catalog.createPlan(admin.ctx, input))).details.fields;

describe("plan validation", () => {
  it("creates a fixed proxy plan with its inbounds and zeroes the fields that do not apply", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node, { pricePerGbMinor: 99, minGb: 1, maxGb: 2, renewalPriceMinor: 5 }));
    expect(p).toMatchObject({ kind: "PROXY", pricingMode: "FIXED", priceMinor: 1999, trafficGb: 100, pricePerGbMinor: 0, minGb: 0, maxGb: 0, renewalPriceMinor: 0, visibility: "PUBLIC", stockTotal: null });
    expect(p.inboundIds.sort()).toEqual([...node.inboundIds].sort());
    expect(p.node).toMatchObject({ id: node.id });
  });

  it("requires the fields of the chosen modes", async () => {
    expect(await fieldsOf({ kind: "PROXY", name: "x", nodeId: node.id, inboundIds: node.inboundIds, durationDays: 30 })).toEqual({ priceMinor: "required", trafficGb: "required" });
    expect(await fieldsOf(proxyPlan(node, { pricingMode: "SLIDER" }))).toEqual({ pricePerGbMinor: "required", minGb: "required", maxGb: "required" });
    expect(await fieldsOf(proxyPlan(node, { renewalMode: "FIXED" }))).toEqual({ renewalPriceMinor: "required" });
    expect(await fieldsOf(proxyPlan(node, { renewalMode: "PER_DAY" }))).toEqual({ renewalPricePerDayMinor: "required" });
    expect(await fieldsOf(proxyPlan(node, { topupMode: "PER_GB" }))).toEqual({ topupPricePerGbMinor: "required" });
    expect(await fieldsOf(proxyPlan(node, { topupMode: "FIXED" }))).toEqual({ topupGb: "required", topupPriceMinor: "required" });
  });

  it("a proxy plan needs a node and at least one inbound, and no streaming service", async () => {
    expect(await fieldsOf(proxyPlan(node, { nodeId: undefined }))).toEqual({ nodeId: "required" });
    expect(await fieldsOf(proxyPlan(node, { inboundIds: [] }))).toEqual({ inboundIds: "too_few" });
    expect(await fieldsOf(proxyPlan(node, { streamingServiceId: serviceId }))).toEqual({ streamingServiceId: "not_for_kind" });
  });

  it("a streaming plan needs a service, and takes no node, inbounds, slider or top-up", async () => {
    expect(await fieldsOf(streamingPlan(serviceId, { streamingServiceId: undefined }))).toEqual({ streamingServiceId: "required" });
    expect(await fieldsOf(streamingPlan(serviceId, { nodeId: node.id, inboundIds: node.inboundIds, pricingMode: "SLIDER", pricePerGbMinor: 1, minGb: 1, maxGb: 2, topupMode: "FIXED", topupGb: 1, topupPriceMinor: 1, trafficResetStrategy: "MONTHLY_FIRST" }))).toEqual({
      nodeId: "not_for_kind",
      inboundIds: "not_for_kind",
      pricingMode: "not_for_kind",
      topupMode: "not_for_kind",
      trafficResetStrategy: "not_for_kind",
    });
    const p = await catalog.createPlan(admin.ctx, streamingPlan(serviceId, { renewalMode: "FIXED", renewalPriceMinor: 1400 }));
    expect(p).toMatchObject({ kind: "STREAMING", nodeId: null, trafficGb: 0, streamingServiceId: serviceId, inboundIds: [] });
  });

  it("a proxy plan keeps its traffic reset strategy (never by default)", async () => {
    expect(await catalog.createPlan(admin.ctx, proxyPlan(node))).toMatchObject({ trafficResetStrategy: "NEVER" });
    expect(await catalog.createPlan(admin.ctx, proxyPlan(node, { trafficResetStrategy: "MONTHLY_PURCHASE_DAY" }))).toMatchObject({ trafficResetStrategy: "MONTHLY_PURCHASE_DAY" });
    expect(await fieldsOf(proxyPlan(node, { trafficResetStrategy: "WEEKLY" }))).toEqual({ trafficResetStrategy: "invalid_choice" });
  });

  it("a slider's maximum may not be below its minimum", async () => {
    expect(await fieldsOf(proxyPlan(node, { pricingMode: "SLIDER", pricePerGbMinor: 10, minGb: 50, maxGb: 49 }))).toEqual({ maxGb: "below_min" });
    const ok = await catalog.createPlan(admin.ctx, proxyPlan(node, { pricingMode: "SLIDER", pricePerGbMinor: 10, minGb: 50, maxGb: 50, priceMinor: 7, trafficGb: 7 }));
    expect(ok).toMatchObject({ pricingMode: "SLIDER", pricePerGbMinor: 10, minGb: 50, maxGb: 50, priceMinor: 0, trafficGb: 0 });
  });

  it("money is whole minor units from 0; GB and days are whole and positive", async () => {
    const d = await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { priceMinor: -1, trafficGb: 0, durationDays: 0 })));
    expect(d).toMatchObject({ code: "VALIDATION", reason: "invalid_input" });
    expect(d.details.fields).toEqual({ priceMinor: "too_small", trafficGb: "too_small", durationDays: "too_small" });
    expect(await fieldsOf(proxyPlan(node, { priceMinor: 19.99 }))).toEqual({ priceMinor: "not_integer" });
    expect(await fieldsOf(proxyPlan(node, { priceMinor: "1999" }))).toEqual({ priceMinor: "invalid" });
    expect(await fieldsOf(proxyPlan(node, { durationDays: 3651 }))).toEqual({ durationDays: "too_big" });
  });

  it("refuses unknown fields (a typo in a plan file) and unknown choices", async () => {
    expect(await fieldsOf(proxyPlan(node, { pricemode: "FIXED" }))).toEqual({ pricemode: "unknown_field" });
    expect(await fieldsOf(proxyPlan(node, { kind: "BUNDLE" }))).toEqual({ kind: "invalid_choice" });
    expect(await fieldsOf(proxyPlan(node, { visibility: "SECRET" }))).toEqual({ visibility: "invalid_choice" });
  });

  it("refuses a price per GB whose maximum would not fit one order line", async () => {
    const d = await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { pricingMode: "SLIDER", pricePerGbMinor: 100_000_000, minGb: 1, maxGb: 1000 })));
    expect(d.details).toMatchObject({ fields: { pricePerGbMinor: "too_big" }, fieldParams: { pricePerGbMinor: { maximum: 1_000_000 } } });
  });
});

describe("node and inbounds", () => {
  it("refuses an inbound of another node", async () => {
    const d = await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { inboundIds: [node.inboundIds[0], other.inboundIds[0]] })));
    expect(d).toMatchObject({ code: "VALIDATION", reason: "plan_inbound_unavailable", details: { fields: { inboundIds: "inbound_unavailable" } } });
  });

  it("refuses an inbound that left the panel (no longer active) and an unknown inbound", async () => {
    expect((await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { inboundIds: [node.inactiveInboundId] })))).reason).toBe("plan_inbound_unavailable");
    expect((await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { inboundIds: [randomId()] })))).reason).toBe("plan_inbound_unavailable");
  });

  it("refuses an unknown node or streaming service as a field problem", async () => {
    expect(await domainErrorOf(() => catalog.createPlan(admin.ctx, proxyPlan(node, { nodeId: randomId() })))).toMatchObject({ reason: "plan_node_not_found", details: { fields: { nodeId: "not_found" } } });
    expect(await domainErrorOf(() => catalog.createPlan(admin.ctx, streamingPlan(randomId())))).toMatchObject({ reason: "plan_streaming_service_not_found", details: { fields: { streamingServiceId: "not_found" } } });
  });

  it("a duplicated inbound id counts once", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node, { inboundIds: [node.inboundIds[0], node.inboundIds[0]] }));
    expect(p.inboundIds).toEqual([node.inboundIds[0]]);
  });
});

describe("trial plans", () => {
  it("a free, fixed, short trial without renewal or top-up is accepted", async () => {
    expect(await catalog.createPlan(admin.ctx, trialPlan(node))).toMatchObject({ kind: "TRIAL", priceMinor: 0, durationDays: 3 });
    expect(await catalog.createPlan(admin.ctx, trialPlan(node, { durationDays: catalog.TRIAL_MAX_DAYS }))).toMatchObject({ durationDays: 7 });
  });

  it("each trial rule has its field code", async () => {
    expect(await fieldsOf(trialPlan(node, { priceMinor: 100 }))).toEqual({ priceMinor: "trial_free" });
    expect(await fieldsOf(trialPlan(node, { pricingMode: "SLIDER", pricePerGbMinor: 0, minGb: 1, maxGb: 5 }))).toEqual({ pricingMode: "trial_fixed" });
    expect(await fieldsOf(trialPlan(node, { renewalMode: "FIXED", renewalPriceMinor: 0 }))).toEqual({ renewalMode: "trial_no_renewal" });
    expect(await fieldsOf(trialPlan(node, { topupMode: "FIXED", topupGb: 1, topupPriceMinor: 0 }))).toEqual({ topupMode: "trial_no_topup" });
    const long = await domainErrorOf(() => catalog.createPlan(admin.ctx, trialPlan(node, { durationDays: 8 })));
    expect(long.details).toMatchObject({ fields: { durationDays: "too_big" }, fieldParams: { durationDays: { maximum: 7 } } });
  });
});

describe("updates", () => {
  it("replaces the settings and the inbound list, audited with the changed fields", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node));
    const u = await catalog.updatePlan(admin.ctx, p.id, proxyPlan(node, { name: p.name, priceMinor: 2999, inboundIds: [node.inboundIds[1]] }));
    expect(u).toMatchObject({ priceMinor: 2999, inboundIds: [node.inboundIds[1]] });
    const audit = await auditOf(t.db, p.id);
    expect(audit.map((a) => a.action)).toEqual(["admin.plan.create", "admin.plan.update"]);
    expect(audit[1]!.metadata).toMatchObject({ fields: expect.arrayContaining(["priceMinor", "inboundIds"]) });
    expect(audit[1]).toMatchObject({ actorKind: "admin", actorId: admin.id });
  });

  it("may move a plan to another node with that node's inbounds, not with the old node's", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node));
    expect((await domainErrorOf(() => catalog.updatePlan(admin.ctx, p.id, proxyPlan(node, { nodeId: other.id })))).reason).toBe("plan_inbound_unavailable");
    expect(await catalog.updatePlan(admin.ctx, p.id, proxyPlan(other))).toMatchObject({ nodeId: other.id });
  });

  it("the kind is fixed once created", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node));
    expect(await domainErrorOf(() => catalog.updatePlan(admin.ctx, p.id, trialPlan(node)))).toMatchObject({ reason: "plan_kind_fixed", details: { fields: { kind: "cannot_change" } } });
  });

  it("refuses a stock below what is held, clearly; at or above it, and unlimited, are fine", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node, { stockTotal: 10 }));
    await t.db.update(plans).set({ stockHeld: 6 }).where(eq(plans.id, p.id));
    const d = await domainErrorOf(() => catalog.updatePlan(admin.ctx, p.id, proxyPlan(node, { stockTotal: 5 })));
    expect(d).toMatchObject({ code: "CONFLICT", reason: "plan_stock_below_held", details: { held: 6, fields: { stockTotal: "below_held" }, fieldParams: { stockTotal: { held: 6 } } } });
    expect(d.message).toContain("6");
    expect((await t.db.select().from(plans).where(eq(plans.id, p.id)))[0]!.stockTotal).toBe(10);
    expect(await catalog.updatePlan(admin.ctx, p.id, proxyPlan(node, { stockTotal: 6 }))).toMatchObject({ stockTotal: 6, stockHeld: 6 });
    expect(await catalog.updatePlan(admin.ctx, p.id, proxyPlan(node, { stockTotal: null }))).toMatchObject({ stockTotal: null });
  });

  it("an unknown or malformed id is 404", async () => {
    expect(await domainErrorOf(() => catalog.updatePlan(admin.ctx, randomId(), proxyPlan(node)))).toMatchObject({ code: "NOT_FOUND", reason: "plan_not_found" });
    expect(await domainErrorOf(() => catalog.getPlanAdmin(admin.ctx, "-".repeat(36)))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("visibility and delete", () => {
  it("setPlanVisibility hides and shows, audited; a bad value is a validation error", async () => {
    const p = await catalog.createPlan(admin.ctx, proxyPlan(node));
    expect(await catalog.setPlanVisibility(admin.ctx, p.id, "HIDDEN")).toEqual({ id: p.id, visibility: "HIDDEN" });
    expect((await auditOf(t.db, p.id)).at(-1)).toMatchObject({ action: "admin.plan.visibility", metadata: { from: "PUBLIC", to: "HIDDEN" } });
    expect((await domainErrorOf(() => catalog.setPlanVisibility(admin.ctx, p.id, "GONE"))).code).toBe("VALIDATION");
  });

  it("deletes an unused plan (audited); refuses one with orders or subscriptions with 409, suggesting to hide it", async () => {
    const unused = await catalog.createPlan(admin.ctx, proxyPlan(node));
    expect(await catalog.deletePlan(admin.ctx, unused.id)).toEqual({ deleted: true });
    expect((await auditOf(t.db, unused.id)).at(-1)).toMatchObject({ action: "admin.plan.delete" });

    const sold = await catalog.createPlan(admin.ctx, proxyPlan(node));
    const [o] = await t.db
      .insert(orders)
      .values({ orderNo: `T${Date.now()}`, userId: user.id, kind: "NEW_PURCHASE", currency: "CNY", subtotalMinor: 1999, totalMinor: 1999, expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    await t.db.insert(orderItems).values({ orderId: o!.id, planId: sold.id, kind: "NEW_PURCHASE", amountMinor: 1999 });
    const d = await domainErrorOf(() => catalog.deletePlan(admin.ctx, sold.id));
    expect(d).toMatchObject({ code: "CONFLICT", reason: "plan_in_use" });
    expect(d.message).toMatch(/hide/i);
    expect(await catalog.getPlanAdmin(admin.ctx, sold.id)).toMatchObject({ id: sold.id });
  });
});

describe("admin list", () => {
  it("searches by name, filters by kind and visibility, and pages", async () => {
    const tag = `findme-${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await catalog.createPlan(admin.ctx, proxyPlan(node, { name: `${tag}-${i}`, sortOrder: i }));
    await catalog.createPlan(admin.ctx, trialPlan(node, { name: `${tag}-trial`, visibility: "HIDDEN" }));
    const all = await catalog.listPlansAdmin(admin.ctx, { q: tag.toUpperCase() });
    expect(all.total).toBe(4);
    expect(all.rows[0]).toMatchObject({ nodeName: node.name, inboundCount: 2 });
    expect((await catalog.listPlansAdmin(admin.ctx, { q: tag, kind: "TRIAL" })).rows.map((r) => r.name)).toEqual([`${tag}-trial`]);
    expect((await catalog.listPlansAdmin(admin.ctx, { q: tag, visibility: "PUBLIC" })).total).toBe(3);
    const page2 = await catalog.listPlansAdmin(admin.ctx, { q: tag, page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.rows).toHaveLength(1);
    expect((await catalog.listPlansAdmin(admin.ctx, { q: "%" })).rows.every((r) => r.name.includes("%"))).toBe(true);
  });

  it("the form's choices list nodes with their active inbounds only", async () => {
    const c = await catalog.listPlanChoices(admin.ctx);
    const n = c.nodes.find((x) => x.id === node.id)!;
    expect(n.inbounds.map((i) => i.id).sort()).toEqual([...node.inboundIds].sort());
    expect(c.streamingServices.map((s) => s.id)).toContain(serviceId);
  });
});

describe("the store", () => {
  it("shows public plans on visible nodes, featured first then by sort order, with remaining stock and line labels", async () => {
    const shop = await nodeWithInbounds(t.db);
    await t.db.insert(routeTraces).values({ nodeId: shop.id, carrier: "telecom", summary: "agent says whatever", hopCount: 1, hops: [{ hop: 1, ip: "59.43.1.1", geo: "CN", latency: 10, asn: "AS4809", owner: "CN2", isp: "" }] });
    const a = await catalog.createPlan(admin.ctx, proxyPlan(shop, { sortOrder: 2, stockTotal: 10 }));
    const b = await catalog.createPlan(admin.ctx, proxyPlan(shop, { sortOrder: 1 }));
    const f = await catalog.createPlan(admin.ctx, proxyPlan(shop, { sortOrder: 9, featured: true, pricingMode: "SLIDER", pricePerGbMinor: 20, minGb: 10, maxGb: 100 }));
    const hidden = await catalog.createPlan(admin.ctx, proxyPlan(shop, { visibility: "HIDDEN" }));
    await t.db.update(plans).set({ stockHeld: 4 }).where(eq(plans.id, a.id));

    for (const ctx of [user.ctx, anonCtx(t.db)]) {
      const mine = (await catalog.listStorePlans(ctx)).filter((p) => p.node?.id === shop.id);
      expect(mine.map((p) => p.id)).toEqual([f.id, b.id, a.id]);
      expect(mine.find((p) => p.id === a.id)).toMatchObject({ remaining: 6, soldOut: false, fromPriceMinor: 1999 });
      expect(mine.find((p) => p.id === b.id)).toMatchObject({ remaining: null });
      expect(mine.find((p) => p.id === f.id)).toMatchObject({ fromPriceMinor: 200, featured: true });
      expect(mine[0]!.node!.lines).toEqual({ telecom: "CN2 GIA" }); // classified on read, never the agent's summary
      expect(JSON.stringify(mine)).not.toMatch(/panelUrl|stockHeld|credentials/);
    }
    expect(await domainErrorOf(() => catalog.getStorePlan(user.ctx, hidden.id))).toMatchObject({ code: "NOT_FOUND", reason: "plan_not_found" });
    expect(await catalog.getStorePlan(anonCtx(t.db), a.id)).toMatchObject({ id: a.id, remaining: 6 });
  });

  it("hides plans on pending or hidden nodes, and plans whose inbounds all left the panel", async () => {
    const pending = await nodeWithInbounds(t.db, { visibility: "PENDING" });
    const hiddenNode = await nodeWithInbounds(t.db, { visibility: "HIDDEN" });
    const p1 = await catalog.createPlan(admin.ctx, proxyPlan(pending));
    const p2 = await catalog.createPlan(admin.ctx, proxyPlan(hiddenNode));
    const gone = await nodeWithInbounds(t.db, { count: 1 });
    const p3 = await catalog.createPlan(admin.ctx, proxyPlan(gone));
    await t.db.update(inbounds).set({ active: false }).where(eq(inbounds.nodeId, gone.id));
    const ids = (await catalog.listStorePlans(user.ctx)).map((p) => p.id);
    for (const p of [p1, p2, p3]) expect(ids).not.toContain(p.id);
    await expect(catalog.getStorePlan(user.ctx, p1.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("streaming plans show the service's free slots and vanish when the service is disabled", async () => {
    const svc = await catalog.createStreamingService(admin.ctx, { name: `store-svc-${Date.now()}`, credentials: "x", slotCount: 5 });
    const p = await catalog.createPlan(admin.ctx, streamingPlan(svc.id));
    const capped = await catalog.createPlan(admin.ctx, streamingPlan(svc.id, { stockTotal: 1 }));
    await t.db.update(streamingServices).set({ slotsHeld: 3 }).where(eq(streamingServices.id, svc.id));
    const store = await catalog.listStorePlans(anonCtx(t.db));
    expect(store.find((x) => x.id === p.id)).toMatchObject({ remaining: 2, node: null, streamingService: { id: svc.id, name: svc.name } });
    expect(store.find((x) => x.id === capped.id)).toMatchObject({ remaining: 1 });
    await t.db.update(streamingServices).set({ slotsHeld: 5 }).where(eq(streamingServices.id, svc.id));
    expect((await catalog.getStorePlan(user.ctx, p.id)).soldOut).toBe(true);
    await catalog.updateStreamingService(admin.ctx, svc.id, { name: svc.name, slotCount: 5, enabled: false });
    expect((await catalog.listStorePlans(user.ctx)).map((x) => x.id)).not.toContain(p.id);
  });
});

describe("access", () => {
  const writes: [string, (ctx: Parameters<typeof catalog.createPlan>[0]) => Promise<unknown>][] = [
    ["createPlan", (ctx) => catalog.createPlan(ctx, proxyPlan(node))],
    ["updatePlan", (ctx) => catalog.updatePlan(ctx, randomId(), proxyPlan(node))],
    ["setPlanVisibility", (ctx) => catalog.setPlanVisibility(ctx, randomId(), "HIDDEN")],
    ["deletePlan", (ctx) => catalog.deletePlan(ctx, randomId())],
    ["listPlansAdmin", (ctx) => catalog.listPlansAdmin(ctx, {})],
    ["getPlanAdmin", (ctx) => catalog.getPlanAdmin(ctx, randomId())],
    ["listPlanChoices", (ctx) => catalog.listPlanChoices(ctx)],
  ];
  it.each(writes)("%s: a user gets 403, an anonymous caller 401", async (_, fn) => {
    await expect(fn(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(fn(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

// Read verbs check their caller themselves, like the writes, so a page, route, Server Action or CLI
// command that forgets its own guard still leaks nothing (issue 6 item 13).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { orders as orderRows } from "../../src/server/db/schema";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as accounts from "../../src/server/services/accounts";
import * as backup from "../../src/server/services/backup";
import * as catalog from "../../src/server/services/catalog";
import * as logs from "../../src/server/services/logs";
import * as dashboard from "../../src/server/services/dashboard";
import * as kb from "../../src/server/services/kb";
import * as gifts from "../../src/server/services/gifts";
import * as nodes from "../../src/server/services/nodes";
import * as nodeAlerts from "../../src/server/services/node-alerts";
import * as webhooks from "../../src/server/services/webhooks";
import * as apiTokens from "../../src/server/services/api-tokens";
import * as telegram from "../../src/server/services/telegram";
import * as notifications from "../../src/server/services/notifications";
import * as orders from "../../src/server/services/orders";
import * as payments from "../../src/server/services/payments";
import * as planChange from "../../src/server/services/plan-change";
import * as referral from "../../src/server/services/referral";
import * as paymentsConfig from "../../src/server/services/payments-config";
import * as settings from "../../src/server/services/settings";
import * as lifecycle from "../../src/server/services/subscription-lifecycle";
import * as subscriptions from "../../src/server/services/subscriptions";
import * as support from "../../src/server/services/support";
import * as adminSubscriptions from "../../src/server/services/subscriptions/admin-queries";
import * as traffic from "../../src/server/services/traffic";
import * as tasks from "../../src/server/services/tasks";
import * as telemetry from "../../src/server/services/telemetry";
import * as staff from "../../src/server/services/staff";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { insertNode } from "../telemetry/helpers";

let t: TestDb;
let nodeId: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestDb();
  nodeId = (await insertNode(t.db)).id;
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
});
afterAll(() => t.close());

/** Every read an admin page, admin route or the CLI makes. */
const adminReads: [string, (ctx: Ctx) => Promise<unknown>][] = [
  ["listUsers", (ctx) => accounts.listUsers(ctx, {})],
  ["countUsers", (ctx) => accounts.countUsers(ctx)],
  ["getUserByEmail", (ctx) => accounts.getUserByEmail(ctx, user.email)],
  ["listNodes", (ctx) => nodes.listNodes(ctx)],
  ["getNode", (ctx) => nodes.getNode(ctx, nodeId)],
  ["listNodeInbounds", (ctx) => nodes.listNodeInbounds(ctx, nodeId)],
  ["getSettings", (ctx) => settings.getSettings(ctx)],
  ["listPaymentProviderConfigs", (ctx) => paymentsConfig.listPaymentProviderConfigs(ctx)],
  ["listPlansAdmin", (ctx) => catalog.listPlansAdmin(ctx, {})],
  ["listPlanChoices", (ctx) => catalog.listPlanChoices(ctx)],
  ["listStreamingServices", (ctx) => catalog.listStreamingServices(ctx)],
  ["listCoupons", (ctx) => catalog.listCoupons(ctx, {})],
  ["listPromotions", (ctx) => catalog.listPromotions(ctx)],
  ["listTasksAdmin", (ctx) => tasks.listTasksAdmin(ctx, {})],
  ["listOrdersAdmin", (ctx) => orders.listOrdersAdmin(ctx, {})],
  ["getNodeDrift", (ctx) => lifecycle.getNodeDrift(ctx, nodeId)],
  ["listSubscriptionsForOperator", (ctx) => subscriptions.listSubscriptionsForOperator(ctx, {})],
  ["listSubscriptionsAdmin", (ctx) => adminSubscriptions.listSubscriptionsAdmin(ctx, {})],
  ["listSubscriptionFilterChoices", (ctx) => adminSubscriptions.listSubscriptionFilterChoices(ctx)],
  ["getNodeTraffic", (ctx) => traffic.getNodeTraffic(ctx, {})],
  ["listTopTrafficUsers", (ctx) => traffic.listTopTrafficUsers(ctx, {})],
  ["listAuditLogs", (ctx) => logs.listAuditLogs(ctx, {})],
  ["listTrafficLogs", (ctx) => logs.listTrafficLogs(ctx, {})],
  ["listNodeLatencyLogs", (ctx) => logs.listNodeLatencyLogs(ctx, {})],
  ["listLogNodes", (ctx) => logs.listLogNodes(ctx)],
  ["getAdminDashboard", (ctx) => dashboard.getAdminDashboard(ctx)],
  ["getNodeIncidentOverview", (ctx) => nodeAlerts.getNodeIncidentOverview(ctx)],
  ["listNodeIncidents", (ctx) => nodeAlerts.listNodeIncidents(ctx, nodeId)],
  ["listStoredBackups", (ctx) => backup.listStoredBackups(ctx, { dir: mkdtempSync(path.join(tmpdir(), "rb-backups-")) })],
  ["listKbArticlesAdmin", (ctx) => kb.listKbArticlesAdmin(ctx, {})],
  ["listKbCategoriesAdmin", (ctx) => kb.listKbCategoriesAdmin(ctx)],
  ["getKbArticleAdmin", (ctx) => kb.getKbArticleAdmin(ctx, "00000000-0000-4000-8000-000000000000").catch((e: { code?: string }) => (e.code === "NOT_FOUND" ? null : Promise.reject(e)))],
  ["listReferralPayouts", (ctx) => referral.listReferralPayouts(ctx, {})],
  ["listTopInviters", (ctx) => referral.listTopInviters(ctx, {})],
  ["listStaff", (ctx) => staff.listStaff(ctx, {})],
  ["listStaffInvites", (ctx) => staff.listStaffInvites(ctx)],
  ["listStaffRoles", (ctx) => staff.listStaffRoles(ctx)],
  ["staffAuditTrail", (ctx) => staff.staffAuditTrail(ctx, admin.id)],
];

describe("admin reads", () => {
  it.each(adminReads)("%s refuses anonymous callers, agents and ordinary users", async (_, read) => {
    await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(read(makeCtx(t.db, { kind: "agent", nodeId }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    // An admin-kind actor without a user id is nobody.
    await expect(read(makeCtx(t.db, { kind: "admin", role: "ADMIN" }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(read(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
  });

  it.each(adminReads)("%s answers an admin session and the operator CLI", async (_, read) => {
    await expect(read(admin.ctx)).resolves.toBeDefined();
    await expect(read(cliCtx(t.db))).resolves.toBeDefined();
  });

  it("getUserByEmail finds by address, case-insensitively, and 404s otherwise", async () => {
    expect(await accounts.getUserByEmail(admin.ctx, user.email.toUpperCase())).toMatchObject({ id: user.id, email: user.email });
    await expect(accounts.getUserByEmail(admin.ctx, "nobody@example.com")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(accounts.getUserByEmail(admin.ctx, "not an email")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("getNode shows no secret and 404s for an unknown or malformed id", async () => {
    const node = await nodes.getNode(admin.ctx, nodeId);
    expect(node.id).toBe(nodeId);
    expect(Object.keys(node).filter((k) => /password|enc$|hash/i.test(k))).toEqual([]);
    await expect(nodes.getNode(admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("malformed ids", () => {
  it("answer 404 before any query in every area (one UUID check; accounts used to let 36 dashes reach the ::uuid cast)", async () => {
    const dashes = "-".repeat(36);
    await expect(nodes.getNode(admin.ctx, dashes)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(accounts.setUserStatus(admin.ctx, dashes, { status: "BANNED", reason: "spam" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(telemetry.getRouteTraces(admin.ctx, { nodeId: dashes })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("own-account read", () => {
  it("getOwnAccount needs a signed-in user and returns that user only", async () => {
    await expect(accounts.getOwnAccount(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(accounts.getOwnAccount(cliCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await accounts.getOwnAccount(user.ctx)).toMatchObject({ id: user.id, email: user.email });
    expect(await accounts.getOwnAccount(admin.ctx)).toMatchObject({ id: admin.id });
  });
});

/**
 * Exports that read without a caller, and why. Anything else named like a read must refuse an
 * anonymous caller, so a new read verb that forgets its check fails here, not in production.
 */
const NO_CALLER: Record<string, string> = {
  getSettingsWithSecrets: "server-side configuration for other services and the mail task, never sent to a transport",
  getAppInfo: "what every visitor may know by contract (site name, registration policy, captcha site key)",
  listStorePlans: "the store: what is for sale is public (the storefront at / shows it to visitors); PUBLIC plans on VISIBLE nodes only",
  getStorePlan: "one plan of that same public store",
  listActivePromotions: "the promotions the store advertises and checkout applies",
  listEnabledProviders: "takes a database handle, not a caller: the payments service's internal read (GET /api/payment/providers goes through listPaymentMethods, which checks)",
  getStaffInvite: "the staff invitation page (issue 29): whoever holds the link may see the address and the role, since the token is the bearer secret; unknown tokens are counted per IP (beginStaffInviteCheck)",
  getGiftByCode: "the gift page (issue 28): whoever holds the link may see what the gift is, since the code is the bearer secret; unknown codes are counted per IP (beginGiftCodeCheck) and the answer carries no address",
  getClientCatalogue: "takes a database handle, not a caller: the client apps the subscription pages offer, public by nature (the browser page of a link shows them to whoever holds it)",
  listKbArticles: "the help center is public by design: anonymous callers get the public articles only, signed-in ones the signed-in-only too (services/kb/access.ts)",
  getKbArticle: "one article of that help center, by the same rule (a signed-in-only one is 404 to an anonymous caller)",
  listKbCategories: "the help center's categories that hold an article the caller may read",
};

describe("every exported read verb", () => {
  const areas = { accounts, backup, catalog, dashboard, logs, nodes, nodeAlerts, settings, telemetry, orders, payments, paymentsConfig, tasks, webhooks, apiTokens, telegram, referral, gifts, planChange, kb, staff } as Record<string, Record<string, unknown>>;
  const readVerbs = Object.entries(areas).flatMap(([area, mod]) =>
    Object.entries(mod)
      .filter(([name, fn]) => typeof fn === "function" && /^(get|list|count|find)[A-Z]/.test(name) && !(name in NO_CALLER))
      .map(([name, fn]) => [`${area}.${name}`, fn as (ctx: Ctx, ...rest: unknown[]) => Promise<unknown>] as const),
  );

  it("includes the known ones", () => {
    const names = readVerbs.map(([n]) => n);
    for (const n of ["orders.listMyOrders", "orders.getOrderDetail", "orders.listCart", "payments.listPaymentMethods", "accounts.listUsers", "catalog.listPlansAdmin", "catalog.getPlanAdmin", "nodes.listNodeInbounds", "settings.getSettings", "telemetry.getLinesOverview"]) expect(names).toContain(n);
  });

  it.each(readVerbs)("%s refuses an anonymous caller (telemetry private, the default)", async (_, read) => {
    // Arguments past the context are left out: the caller check must come before any input is read.
    await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

/**
 * What each read verb answers a non-admin: no admin-only field, even about the caller's own things
 * (issue 21 item 4: the owner of an order read its admin's fraud note through the admin detail).
 * The user owns a flagged, refunded order with staff notes; every read verb of the areas a user can
 * reach is called as that user with the likely argument shapes, and nothing it answers may carry
 * an admin-only key or the notes' text.
 */
describe("what read verbs answer a non-admin", () => {
  const ADMIN_ONLY_KEYS = ["reviewStatus", "reviewNote", "refundNote"];
  const REVIEW_NOTE = "staff-only fraud note 7f3a";
  const REFUND_NOTE = "staff-only refund note 9c1e";
  let orderId: string;
  beforeAll(async () => {
    const [o] = await t.db
      .insert(orderRows)
      .values({ orderNo: `RB-LEAK-${Date.now()}`, userId: user.id, kind: "NEW_PURCHASE", status: "REFUNDED", reviewStatus: "FLAGGED", reviewNote: REVIEW_NOTE, refundNote: REFUND_NOTE, refundAmountMinor: 100, refundedAt: new Date(), currency: "CNY", subtotalMinor: 100, totalMinor: 100, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: orderRows.id });
    orderId = o!.id;
  });

  const leaks = (value: unknown): string[] => {
    const json = JSON.stringify(value) ?? "";
    return [...ADMIN_ONLY_KEYS.filter((k) => json.includes(`"${k}"`)), ...[REVIEW_NOTE, REFUND_NOTE].filter((n) => json.includes(n))];
  };

  it("no read verb answers the owner an admin-only order field, and the owner's own verbs do answer", async () => {
    const areas = { accounts, catalog, dashboard, notifications, orders, payments, subscriptions, support, telemetry, traffic, planChange } as Record<string, Record<string, unknown>>;
    const reads = Object.entries(areas).flatMap(([area, mod]) =>
      Object.entries(mod)
        .filter(([name, fn]) => typeof fn === "function" && /^(get|list|count|find)[A-Z]/.test(name) && !(name in NO_CALLER))
        .map(([name, fn]) => [`${area}.${name}`, fn as (ctx: Ctx, ...rest: unknown[]) => Promise<unknown>] as const),
    );
    // The payment page's order status reads the order too (GET /api/payment/order/{orderId}).
    reads.push(["payments.orderPaymentStatus", payments.orderPaymentStatus as (ctx: Ctx, ...rest: unknown[]) => Promise<unknown>]);
    const answered = new Set<string>();
    const found: string[] = [];
    for (const [name, read] of reads) {
      for (const args of [[], [{}], [orderId], [[orderId]], [{ orderId }]]) {
        const r = await read(user.ctx, ...args).then(
          (v) => ({ ok: true as const, v }),
          () => ({ ok: false as const }),
        );
        if (!r.ok) continue;
        answered.add(name);
        for (const leak of leaks(r.v)) found.push(`${name}(${JSON.stringify(args)}): ${leak}`);
      }
    }
    expect(found).toEqual([]);
    expect([...answered]).toEqual(expect.arrayContaining(["orders.getOrderDetail", "orders.listMyOrders", "orders.listMyOrderLines", "payments.orderPaymentStatus"]));
  });

  it("the owner's detail is their order; the admin detail answers admins only, in full", async () => {
    const mine = await orders.getOrderDetail(user.ctx, orderId);
    expect(mine.order).toMatchObject({ id: orderId, status: "REFUNDED", refundAmountMinor: 100 });
    // An admin reading through the owner's verb gets the owner's view (their own orders only).
    await expect(orders.getOrderDetail(admin.ctx, orderId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(orders.getOrderDetailAdmin(user.ctx, orderId)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    expect((await orders.getOrderDetailAdmin(admin.ctx, orderId)).order).toMatchObject({ id: orderId, reviewStatus: "FLAGGED", reviewNote: REVIEW_NOTE, refundNote: REFUND_NOTE });
  });
});

// A risk-restricted account end to end through the real transports (Server Actions via runAction,
// Route Handlers via route()) with the caller built from the session as a request builds it:
// purchases, payments and account changes refused with 403 account_risk_restricted and nothing
// written; support and notifications still work; payment creation refused by the verb itself; all
// of it back after release; an admin account never held to it.
import { and, eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { installDb } from "../../src/server/db/client";
import { orders, payments, tickets } from "../../src/server/db/schema";
import { buyNow } from "../../src/server/services/orders";
import { createPayment } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { updateSettings } from "../../src/server/services/settings";
import { randomTronAddress } from "../../simulators/trongrid/server";
import { cliCtx, makeUser } from "../helpers/actors";
import { loginOrThrow } from "../helpers/next-auth";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { isRestrictionRefusal, RESTRICTED, requestCtxOf, setRestricted } from "./helpers";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "relayboard.test" }),
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
}));

const { POST: createPaymentRoute } = await import("../../src/app/api/payment/create/route");
const { GET: orderStatusRoute } = await import("../../src/app/api/payment/order/[orderId]/route");
const { GET: listNotificationsRoute } = await import("../../src/app/api/notifications/route");
const { POST: openTicketRoute } = await import("../../src/app/api/support/tickets/route");
const { POST: replyRoute } = await import("../../src/app/api/support/tickets/[id]/replies/route");
const { buyNowAction } = await import("../../src/app/(user)/store/actions");
const { cancelOrderAction, createPaymentAction } = await import("../../src/app/(user)/orders/actions");
const { changePasswordAction, updateProfileAction } = await import("../../src/app/(user)/account/actions");
const { closeMyTicketAction, deleteMyTicketAction } = await import("../../src/app/(user)/tickets/actions");
const { markAllNotificationsReadAction } = await import("../../src/app/(user)/notifications/actions");
const { setLocaleAction } = await import("../../src/app/locale-actions");
const { createUser } = await import("../../src/app/admin/users/actions");

const shop = openShop();
const ORIGIN = "http://relayboard.test";
const params = <P>(p: P) => ({ params: Promise.resolve(p) });
const payOpts = () => ({ baseUrl: ORIGIN, clientIp: "203.0.113.9" });
let planId: string;
/** Another plan: buying `planId` again with an order of it unpaid brings that order back (issue 24 item 2). */
let otherPlanId: string;

beforeAll(async () => {
  installDb(shop.raw); // next-auth's jwt callback reads the process-wide database
  await updateSettings(cliCtx(shop.db), { ticketOpenCap: 50 });
  // USDT: a payment attempt is written without calling anything outside.
  await updatePaymentProviderConfig(shop.admin.ctx, "usdt_trc20", { enabled: true, apiUrl: "http://127.0.0.1:9", address: randomTronAddress(), rateMinorPerUsdt: 720, minConfirmations: 0 });
  planId = (await proxyPlan(shop, { priceMinor: 990 })).id;
  otherPlanId = (await proxyPlan(shop, { priceMinor: 990 })).id;
});

/** The signed-in user's next request, after whatever the admin did to the account. */
async function asSession(token: JWT): Promise<Ctx> {
  caller.ctx = await requestCtxOf(shop.db, token);
  return caller.ctx;
}

async function restrictedBuyer() {
  const u = await buyer(shop);
  const token = await loginOrThrow({ email: u.email, password: u.password });
  const order = await buyNow(u.ctx, { planId }); // placed before the restriction
  await setRestricted(shop.db, u.id, new Date());
  const ctx = await asSession(token);
  expect(ctx.actor.riskRestricted).toBe(true);
  return { u, token, order };
}

const jsonPost = (p: string, body: unknown) => new Request(`${ORIGIN}${p}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", host: "relayboard.test" } });
const formPost = (p: string, fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return new Request(`${ORIGIN}${p}`, { method: "POST", body: f, headers: { host: "relayboard.test", origin: ORIGIN, "sec-fetch-site": "same-origin" } });
};
async function errorOf(res: Response) {
  const b = (await res.json()) as { error: { code: string; message: string; details?: { reason?: string } } };
  return { status: res.status, code: b.error.code, reason: b.error.details?.reason, message: b.error.message };
}
const paymentsOf = (orderId: string) => shop.db.select().from(payments).where(eq(payments.orderId, orderId));
const ordersOf = (userId: string) => shop.db.select().from(orders).where(eq(orders.userId, userId));

describe("a restricted account", () => {
  it("is refused payments, purchases, order and account changes in both transports, and nothing is written", async () => {
    const { u, order } = await restrictedBuyer();

    const res = await createPaymentRoute(jsonPost("/api/payment/create", { orderId: order.id, provider: "usdt_trc20" }), params({}));
    expect(await errorOf(res)).toMatchObject({ status: 403, code: "FORBIDDEN", reason: "account_risk_restricted", message: expect.stringMatching(/restricted/) });
    expect((await orderStatusRoute(new Request(`${ORIGIN}/api/payment/order/${order.id}`), params({ orderId: order.id }))).status).toBe(403);

    expect(isRestrictionRefusal(await createPaymentAction(order.id, "usdt_trc20"))).toBe(true);
    expect(isRestrictionRefusal(await buyNowAction({ planId }))).toBe(true);
    expect(isRestrictionRefusal(await cancelOrderAction(order.id))).toBe(true);
    const pw = new FormData();
    pw.set("currentPassword", u.password);
    pw.set("newPassword", "another-horse-42");
    expect(isRestrictionRefusal(await changePasswordAction(pw))).toBe(true);
    const profile = new FormData();
    profile.set("name", "Renamed");
    expect(isRestrictionRefusal(await updateProfileAction(profile))).toBe(true);

    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await ordersOf(u.id)).map((o) => o.status)).toEqual(["PENDING"]);
  });

  it("still opens a ticket, replies, closes it, reads notifications and switches language", async () => {
    const { u } = await restrictedBuyer();
    const opened = await openTicketRoute(formPost("/api/support/tickets", { subject: "Why restricted?", category: "OTHER", priority: "HIGH", body: "Please review my account." }), params({}));
    expect(opened.status).toBe(201);
    const { id } = (await opened.json()) as { id: string };
    const replied = await replyRoute(formPost(`/api/support/tickets/${id}/replies`, { body: "The other logins were my phone on mobile data." }), params({ id }));
    expect(replied.status).toBe(201);
    expect(await closeMyTicketAction(id)).toMatchObject({ ok: true });
    const [ticket] = await shop.db.select().from(tickets).where(and(eq(tickets.id, id), eq(tickets.userId, u.id)));
    expect(ticket?.status).toBe("CLOSED");
    // Deleting the thread is not support: the review's conversation stays.
    expect(isRestrictionRefusal(await deleteMyTicketAction(id))).toBe(true);

    const list = await listNotificationsRoute(new Request(`${ORIGIN}/api/notifications`), params({}));
    expect(list.status).toBe(200);
    expect(await markAllNotificationsReadAction()).toMatchObject({ ok: true });
    expect(await setLocaleAction("en")).toMatchObject({ ok: true, data: { locale: "en" } });
  });

  it("is refused payment creation by the verb itself, whoever built the Ctx", async () => {
    const { u, order } = await restrictedBuyer();
    // makeUser's context knows nothing of the restriction: only the verb's own order read does.
    expect(u.ctx.actor.riskRestricted).toBeUndefined();
    await expect(createPayment(u.ctx, { orderId: order.id, provider: "usdt_trc20" }, payOpts())).rejects.toMatchObject(RESTRICTED);
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it("gets everything back once released", async () => {
    const { u, token, order } = await restrictedBuyer();
    await setRestricted(shop.db, u.id, null);
    const ctx = await asSession(token);
    expect(ctx.actor.riskRestricted).toBeUndefined();

    const res = await createPaymentRoute(jsonPost("/api/payment/create", { orderId: order.id, provider: "usdt_trc20" }), params({}));
    expect(res.status).toBe(200);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const again = await buyNowAction({ planId: otherPlanId });
    expect(again).toMatchObject({ ok: true });
    expect(await cancelOrderAction((again as { data: { id: string } }).data.id)).toMatchObject({ ok: true });
    expect(await createPayment(u.ctx, { orderId: order.id, provider: "usdt_trc20" }, payOpts())).toMatchObject({ provider: "usdt_trc20" });
  });
});

describe("an admin account", () => {
  it("is never held to the restriction, in the transports or in the payment verb", async () => {
    const admin = await makeUser(shop.db, "ADMIN");
    const token = await loginOrThrow({ email: admin.email, password: admin.password });
    await setRestricted(shop.db, admin.id, new Date());
    const ctx = await asSession(token);
    expect(ctx.actor).toMatchObject({ kind: "admin" });
    expect(ctx.actor.riskRestricted).toBeUndefined();

    const bought = await buyNowAction({ planId });
    expect(bought).toMatchObject({ ok: true });
    const orderId = (bought as { data: { id: string } }).data.id;
    const res = await createPaymentRoute(jsonPost("/api/payment/create", { orderId, provider: "usdt_trc20" }), params({}));
    expect(res.status).toBe(200);
    expect(await createPayment(admin.ctx, { orderId, provider: "usdt_trc20" }, payOpts())).toMatchObject({ provider: "usdt_trc20" });
    const newUser = new FormData();
    newUser.set("email", `made-by-restricted-admin-${Date.now()}@example.com`);
    newUser.set("password", "correct-horse-9");
    newUser.set("role", "USER");
    expect(await createUser(newUser)).toMatchObject({ ok: true });
  });
});

// The receipt after a paid order: one notification and one mail, in the buyer's language, with the order number, the
// amount (the one money formatter) and the time of payment in the site's time zone (never an ISO instant), sent after
// commit through the real SMTP simulator; none for a free order.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { formatDateTime } from "../../src/i18n/format";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { listMyNotifications } from "../../src/server/services/notifications";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { cliCtx } from "../helpers/actors";
import { deliverAndReceive, useSmtpSimulator } from "../helpers/mail";
import { buyer, drainTasks, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
let smtp: SmtpSimulator;
beforeAll(async () => {
  smtp = await useSmtpSimulator(shop.db);
  await updateSettings(cliCtx(shop.db), { siteUrl: "https://shop.example" });
});
afterAll(() => smtp?.close());

describe("receipt mail", () => {
  it("goes to the buyer in their language with the order number, amount and a link to the order", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 2345 });
    const u = await buyer(shop);
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
    const order = await buyNow(u.ctx, { planId: plan.id });
    await confirmOrder(shop.admin.ctx, order.id);
    const mail = await deliverAndReceive(shop.db, smtp, u.email);
    expect(mail.subject).toContain(order.orderNo);
    expect(mail.text).toContain("¥23.45");
    expect(mail.text).not.toContain("CNY");
    const [paid] = await shop.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, order.id));
    // Asia/Shanghai, in English ("Nov 28, 2026, 5:53 PM"), and never the stored UTC instant.
    expect(mail.text).toContain(formatDateTime(paid!.paidAt!, "en"));
    expect(formatDateTime(paid!.paidAt!, "en")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(mail.text).not.toContain(paid!.paidAt!.toISOString());
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(mail.text).toContain(`https://shop.example/orders/${order.id}`);
    expect(mail.text).toMatch(/Thank you/);
    // And in the bell, once, whatever repeats the settlement sees.
    await confirmOrder(shop.admin.ctx, order.id).catch(() => undefined);
    const bell = await listMyNotifications(u.ctx);
    expect(bell.rows.map((n) => [n.title, n.link])).toEqual([[`Order ${order.orderNo} is paid`, `/orders/${order.id}`]]);

    const zh = await buyer(shop);
    await shop.db.update(users).set({ locale: "zh-CN" }).where(eq(users.id, zh.id));
    const zhOrder = await buyNow(zh.ctx, { planId: plan.id });
    await confirmOrder(shop.admin.ctx, zhOrder.id);
    const zhMail = await deliverAndReceive(shop.db, smtp, zh.email);
    expect(zhMail.subject).toContain("支付成功");
    expect(zhMail.text).toContain("¥23.45");
    const [zhPaid] = await shop.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, zhOrder.id));
    expect(zhMail.text).toContain(formatDateTime(zhPaid!.paidAt!, "zh-CN"));
    expect(formatDateTime(zhPaid!.paidAt!, "zh-CN")).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
  });

  it("is not sent for a free order", async () => {
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    const u = await buyer(shop);
    const since = smtp.messages.length;
    await buyNow(u.ctx, { planId: trial.id });
    await drainTasks(shop.db);
    expect((await listMyNotifications(u.ctx)).total).toBe(0);
    expect(smtp.messages.slice(since).filter((m) => JSON.stringify(m).includes(u.email))).toHaveLength(0);
  });
});

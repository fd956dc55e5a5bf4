// The receipt after a paid order, in the buyer's language (zh-CN or en): a notification, and a mail
// queued in the transaction that marked the order paid, so it goes out once, after commit. Free
// orders get neither; sites without SMTP get no mail (a mail task that can only fail is just noise).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type Order } from "../../db/schema";
import { queueMail } from "../../integrations/mail";
import { formatMinor } from "../catalog";
import { notify } from "../notifications/notify";
import { getSettingsWithSecrets } from "../settings/queries";

export async function queueReceipt(tx: Db, order: Order): Promise<void> {
  if (order.totalMinor === 0) return;
  // The bell too (kind ORDER, not mailed by default: the receipt is the mail). Keyed by the order,
  // so a settlement can never announce it twice.
  await notify(tx, {
    userId: order.userId,
    type: "ORDER",
    level: "SUCCESS",
    text: { key: "orderPaid", params: { orderNo: order.orderNo, amount: `${formatMinor(order.totalMinor)} ${order.currency}` } },
    link: `/orders/${order.id}`,
    dedupeKey: `order-paid:${order.id}`,
  });
  const settings = await getSettingsWithSecrets(tx);
  if (!settings.smtpHost) return;
  const [buyer] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, order.userId));
  if (!buyer) return;
  await queueMail(tx, {
    to: buyer.email,
    template: "receipt",
    locale: buyer.locale === "en" ? "en" : "zh-CN",
    link: settings.siteUrl ? new URL(`/orders/${order.id}`, settings.siteUrl).toString() : undefined,
    orderNo: order.orderNo,
    amount: `${formatMinor(order.totalMinor)} ${order.currency}`,
    time: (order.paidAt ?? new Date()).toISOString(),
  });
}

// The receipt after a paid order, in the buyer's language (zh-CN or en): a notification, and a mail
// queued in the transaction that marked the order paid, so it goes out once, after commit. Free
// orders get neither; sites without SMTP get no mail (a mail task that can only fail is just noise).
// The amount and the time are written for the buyer: the one money formatter and the site's time
// zone in the buyer's language (a mail has no browser to do it later).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type Order } from "../../db/schema";
import { queueMail } from "../../integrations/mail";
import { formatDateTime, formatMoney } from "../../../i18n/format";
import { notify } from "../notifications/notify";
import { textLocale } from "../notifications/texts";
import { getSettingsWithSecrets } from "../settings/queries";

export async function queueReceipt(tx: Db, order: Order): Promise<void> {
  if (order.totalMinor === 0) return;
  // The bell too (kind ORDER, not mailed by default: the receipt is the mail). Keyed by the order,
  // so a settlement can never announce it twice.
  await notify(tx, {
    userId: order.userId,
    type: "ORDER",
    level: "SUCCESS",
    text: { key: "orderPaid", params: { orderNo: order.orderNo, amount: { minor: order.totalMinor, currency: order.currency } } },
    link: `/orders/${order.id}`,
    dedupeKey: `order-paid:${order.id}`,
  });
  const settings = await getSettingsWithSecrets(tx);
  if (!settings.smtpHost) return;
  const [buyer] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, order.userId));
  if (!buyer) return;
  const locale = textLocale(buyer.locale);
  await queueMail(tx, {
    to: buyer.email,
    template: "receipt",
    locale,
    link: settings.siteUrl ? new URL(`/orders/${order.id}`, settings.siteUrl).toString() : undefined,
    orderNo: order.orderNo,
    amount: formatMoney(order.totalMinor, order.currency, locale),
    time: formatDateTime(order.paidAt ?? new Date(), locale),
  });
}

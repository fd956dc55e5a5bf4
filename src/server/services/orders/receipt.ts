// The receipt mail after a paid order (zh-CN or en, the buyer's language), queued in the
// transaction that marked the order paid, so it goes out once, after commit. Free orders and
// sites without SMTP get none (a mail task that can only fail would just be noise).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type Order } from "../../db/schema";
import { queueMail } from "../../integrations/mail";
import { formatMinor } from "../catalog";
import { getSettingsWithSecrets } from "../settings/queries";

export async function queueReceipt(tx: Db, order: Order): Promise<void> {
  if (order.totalMinor === 0) return;
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

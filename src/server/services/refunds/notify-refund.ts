// The customer is told about a refund once it is done (issue 23 item 5): in their language (worded
// from messages/<locale>/refunds.json, `refunds.notice`, when written, like the catalogue texts of
// services/notifications), with the amount and where it went, through the one notify verb inside
// the transaction that completed the refund. The dedupe key `refund:<id>` makes a repeat one notice.
import { eq } from "drizzle-orm";
import en from "../../../../messages/en/refunds.json";
import zh from "../../../../messages/zh-CN/refunds.json";
import type { Db as Tx } from "../../db/client";
import { users, type Order, type Refund } from "../../db/schema";
import { formatMoney } from "../../../i18n/format";
import { notify } from "../notifications/notify";
import { catalogueTranslator, textLocale } from "../notifications/texts";

const translator = catalogueTranslator({ en, "zh-CN": zh }, "refunds.notice");

/** `split`: how a gateway refund of a split payment was shared between the gateway and the balance. */
export async function tellRefund(tx: Tx, order: Order, refund: Refund, split?: { gatewayMinor: number; balanceMinor: number }): Promise<void> {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, order.userId));
  if (!user) return;
  const locale = textLocale(user.locale);
  const t = translator(locale);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const destination = refund.destination === "GATEWAY" && split && split.balanceMinor > 0 ? "SPLIT" : refund.destination;
  const params = {
    orderNo: order.orderNo,
    amount: money(refund.amountMinor),
    gatewayAmount: money(split?.gatewayMinor ?? refund.amountMinor),
    balanceAmount: money(split?.balanceMinor ?? 0),
    destination,
    ended: refund.endSubscription ? "yes" : "no",
  };
  await notify(tx, {
    userId: order.userId,
    type: "ORDER",
    level: "INFO",
    title: t("title", params),
    body: t("body", params),
    link: `/orders/${order.id}`,
    dedupeKey: `refund:${refund.id}`,
  });
}

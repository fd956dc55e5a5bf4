// The customer is told about a refund once it is done (issue 23 item 5): in their language (worded
// from messages/<locale>/refunds.json, `refunds.notice`, when written, like the catalogue texts of
// services/notifications), with the amount and where it went, through the one notify verb inside
// the transaction that completed the refund. The dedupe key `refund:<id>` makes a repeat one notice.
import { eq } from "drizzle-orm";
import { createTranslator } from "use-intl/core";
import en from "../../../../messages/en/refunds.json";
import zh from "../../../../messages/zh-CN/refunds.json";
import type { Db as Tx } from "../../db/client";
import { users, type Order, type Refund } from "../../db/schema";
import { formatMinor } from "../catalog/money";
import { notify } from "../notifications/notify";
import { textLocale, type TextLocale } from "../notifications/texts";

type Translate = (key: string, params?: Record<string, string | number>) => string;
const CATALOGUES = { en, "zh-CN": zh } as const;
const translators = new Map<TextLocale, Translate>();

function translator(locale: TextLocale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "refunds.notice", timeZone: "Asia/Shanghai" }) as unknown as Translate;
    translators.set(locale, t);
  }
  return t;
}

/** `split`: how a gateway refund of a split payment was shared between the gateway and the balance. */
export async function tellRefund(tx: Tx, order: Order, refund: Refund, split?: { gatewayMinor: number; balanceMinor: number }): Promise<void> {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, order.userId));
  if (!user) return;
  const t = translator(textLocale(user.locale));
  const money = (minor: number) => `${formatMinor(minor)} ${order.currency}`;
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

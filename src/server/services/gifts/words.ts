// What the system says about a gift, worded in the reader's language from messages/<locale>/gifts.json
// when written (like the refund and transfer notices): the gift's description (plan, traffic, days),
// who sent it, and the buyer's notices, delivered through the one notify verb in the caller's transaction.
import { eq } from "drizzle-orm";
import en from "../../../../messages/en/gifts.json";
import zh from "../../../../messages/zh-CN/gifts.json";
import type { Db as Tx } from "../../db/client";
import { users } from "../../db/schema";
import { notify } from "../notifications/notify";
import { catalogueTranslator, textLocale, type TextLocale } from "../notifications/texts";
import { maskEmail } from "./mask-email";

const translator = catalogueTranslator({ en, "zh-CN": zh }, "gifts");

export interface GiftTerms { planName: string; planKind: string; trafficGb: number; durationDays: number }

/** "Standard (100 GB, 30 days)"; a streaming plan has no traffic. */
export function describeGift(locale: TextLocale, g: GiftTerms): string {
  const t = translator(locale);
  return g.planKind === "STREAMING" ? t("what.streaming", { plan: g.planName, days: g.durationDays }) : t("what.proxy", { plan: g.planName, gb: g.trafficGb, days: g.durationDays });
}

/** How a gift names its buyer to whoever holds the link: their name, or their address partly hidden. */
export const senderLabel = (buyer: { name: string; email: string }) => buyer.name.trim() || maskEmail(buyer.email);

export type GiftNoticeKey = keyof typeof en.gifts.notices;

/** A notice's parameter: as it is, or worded for the reader's language (an amount, a time, the gift). */
export type NoticeParam = string | number | ((locale: TextLocale) => string);

/** One notice to the buyer about one gift; the dedupe key makes a repeat (a retried job) one notice. */
export async function tellBuyer(tx: Tx, buyerId: string, giftId: string, orderId: string, key: GiftNoticeKey, raw: Record<string, NoticeParam>): Promise<void> {
  const [buyer] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, buyerId));
  if (!buyer) return;
  const locale = textLocale(buyer.locale);
  const t = translator(locale);
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === "function" ? v(locale) : v]));
  await notify(tx, {
    userId: buyerId,
    type: "ORDER",
    level: key === "claimed" ? "SUCCESS" : key === "sent" ? "INFO" : "WARNING",
    title: t(`notices.${key}.title`, params),
    body: t(`notices.${key}.body`, params),
    link: `/orders/${orderId}`,
    dedupeKey: `gift-${key}:${giftId}`,
  });
}

export { textLocale };

// The recipient's mail: the claim link in the buyer's shop language (the buyer chose the gift; the
// recipient may have no account, so no language of their own is known). The link carries the live
// code, so it travels in the mail task's encrypted `secret` part (queueMail), never in a readable
// payload or a log, as every email link does.
import { eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { plans, users, type Gift, type OrderItem } from "../../db/schema";
import { formatDateTime } from "../../../i18n/format";
import { queueMail } from "../../integrations/mail";
import { siteLink } from "../accounts/links";
import { getSettingsWithSecrets } from "../settings/queries";
import { giftPath } from "./codes";
import { describeGift, senderLabel, textLocale } from "./words";

export async function queueGiftMail(tx: Tx, gift: Pick<Gift, "buyerId" | "recipientEmail" | "expiresAt">, item: Pick<OrderItem, "planId" | "trafficGb" | "durationDays">, code: string): Promise<void> {
  const [buyer] = await tx.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, gift.buyerId));
  const [plan] = await tx.select({ name: plans.name, kind: plans.kind }).from(plans).where(eq(plans.id, item.planId));
  if (!buyer || !plan) throw new Error(`gift of ${gift.buyerId} names a missing buyer or plan`);
  const settings = await getSettingsWithSecrets(tx);
  const locale = textLocale(buyer.locale);
  await queueMail(tx, {
    to: gift.recipientEmail,
    template: "gift",
    locale,
    link: siteLink(settings.siteUrl, giftPath(code)),
    sender: senderLabel(buyer),
    plan: describeGift(locale, { planName: plan.name, planKind: plan.kind, trafficGb: item.trafficGb, durationDays: item.durationDays }),
    time: formatDateTime(gift.expiresAt, locale),
  });
}

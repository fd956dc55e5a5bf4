// What the referral area tells people: the inviter of each commission step and payout outcome, and
// the admins of a new payout request. Worded in the recipient's language from
// messages/<locale>/referral.json (`referral.notices`) when written, and delivered through the one
// notify verb inside the transaction that made the change, so a rolled-back step announces nothing.
// Dedupe keys name the step, so a retried request tells once.
import { eq } from "drizzle-orm";
import en from "../../../../messages/en/referral.json";
import zh from "../../../../messages/zh-CN/referral.json";
import { formatDate, formatMoney } from "../../../i18n/format";
import type { Db as Tx } from "../../db/client";
import { users } from "../../db/schema";
import { activeStaffWith } from "../staff/holders";
import { notify } from "../notifications/notify";
import { catalogueTranslator, textLocale } from "../notifications/texts";

export type ReferralNoticeKey = keyof typeof en.referral.notices;

const translator = catalogueTranslator({ en, "zh-CN": zh }, "referral.notices");

const LEVEL: Record<ReferralNoticeKey, "INFO" | "SUCCESS" | "WARNING"> = {
  commissionCredited: "SUCCESS",
  commissionReversed: "WARNING",
  payoutRequested: "INFO",
  payoutPaid: "SUCCESS",
  payoutRejected: "WARNING",
  movedToBalance: "SUCCESS",
  adminPayoutRequested: "INFO",
};

export interface NoticeParams {
  amount: { minor: number; currency: string };
  /** A day the text names (when held commission becomes available). */
  day?: Date;
  reference?: string;
  reason?: string;
  email?: string;
}

async function tell(tx: Tx, userId: string, key: ReferralNoticeKey, p: NoticeParams, link: string, dedupeKey: string): Promise<void> {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const locale = textLocale(user.locale);
  const t = translator(locale);
  const values = {
    amount: formatMoney(p.amount.minor, p.amount.currency, locale),
    day: p.day ? formatDate(p.day, locale) : "",
    reference: p.reference ?? "",
    reason: p.reason ?? "",
    email: p.email ?? "",
  };
  await notify(tx, { userId, type: key === "adminPayoutRequested" ? "SYSTEM" : "ORDER", level: LEVEL[key], title: t(`${key}.title`, values), body: t(`${key}.body`, values), link, dedupeKey });
}

/** One notice to the inviter about their commission or payout. */
export const tellInviter = (tx: Tx, userId: string, key: Exclude<ReferralNoticeKey, "adminPayoutRequested">, p: NoticeParams, dedupeKey: string) => tell(tx, userId, key, p, "/referral", dedupeKey);

/** Every active admin learns of a new payout request (the bell, and mail or Telegram as each chose). */
export async function tellAdminsOfPayout(tx: Tx, payoutId: string, p: NoticeParams): Promise<void> {
  const admins = await activeStaffWith(tx, "referral.write");
  for (const a of admins) await tell(tx, a.id, "adminPayoutRequested", p, `/admin/referral?status=PENDING`, `referral-payout-new:${payoutId}`);
}

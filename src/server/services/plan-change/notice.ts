// What the owner is told when a paid plan change settles: moved to the new plan (with the leftover
// credit and where it went), or not applied (with the money given back and where). Worded in the
// recipient's language from messages/<locale>/plan-change.json (`planChange.notices`) when written,
// like the other areas' notices, through the one notify verb inside the settling transaction; the
// dedupe key names the change, so a repeat is one notice.
import { eq } from "drizzle-orm";
import en from "../../../../messages/en/plan-change.json";
import zh from "../../../../messages/zh-CN/plan-change.json";
import type { Db as Tx } from "../../db/client";
import { users, type Order, type PlanChange } from "../../db/schema";
import type { ErrorReason } from "../../error-reasons";
import { formatMoney } from "../../../i18n/format";
import { notify } from "../notifications/notify";
import { catalogueTranslator, textLocale } from "../notifications/texts";
import type { GivenBack } from "./give-back";

const translator = catalogueTranslator({ en, "zh-CN": zh }, "planChange.notices");

export interface PlanChangeNotice {
  row: PlanChange;
  order: Order;
  outcome: "applied" | "notApplied";
  toPlanName: string | null;
  given: GivenBack | null;
  paidMinor?: number;
  reason?: ErrorReason;
}

export async function tellPlanChange(tx: Tx, n: PlanChangeNotice): Promise<void> {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, n.row.userId));
  if (!user) return;
  const locale = textLocale(user.locale);
  const t = translator(locale);
  const money = (minor: number) => formatMoney(minor, n.row.currency, locale);
  // Where money went: "balance", "coupon" (with its code, shown to its owner only) or "none".
  const destination = n.given ? (n.given.to === "BALANCE" ? "balance" : "coupon") : "none";
  const params = {
    orderNo: n.order.orderNo,
    plan: n.toPlanName ?? "",
    credit: money(n.row.creditMinor),
    amount: money(n.given?.amountMinor ?? n.paidMinor ?? 0),
    code: n.given?.couponCode ?? "",
    destination,
    why: n.reason === "plan_change_currency_changed" ? "currency" : "changed",
  };
  await notify(tx, {
    userId: n.row.userId,
    type: "SUBSCRIPTION",
    level: n.outcome === "applied" ? "SUCCESS" : "WARNING",
    title: t(`${n.outcome}.title`, params),
    body: t(`${n.outcome}.body`, params),
    link: n.outcome === "applied" ? `/subscriptions/${n.row.subscriptionId}` : `/orders/${n.order.id}`,
    dedupeKey: `plan-change:${n.row.id}`,
  });
}

"use client";
// A coupon as the admin pages show it, and its validity window in words (promotions use it too).
import { useFormatter, useTranslations } from "next-intl";

export interface CouponView {
  id: string;
  code: string;
  kind: "AMOUNT" | "PERCENT";
  amountOffMinor: number;
  percentOff: number;
  maxDiscountMinor: number | null;
  minSpendMinor: number;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  usesHeld: number;
  perUserLimit: number | null;
  audience: "PUBLIC" | "GRANTED";
  planIds: string[];
  enabled: boolean;
  grantCount: number;
}

export type PlanOption = { id: string; name: string };

/** When a coupon or promotion applies, in words. */
export function useWindowText() {
  const t = useTranslations("catalog.coupons");
  const f = useFormatter();
  const when = (d: Date) => f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" });
  return (w: { startsAt: Date | null; endsAt: Date | null }) =>
    w.startsAt && w.endsAt ? t("between", { start: when(w.startsAt), end: when(w.endsAt) }) : w.startsAt ? t("from", { start: when(w.startsAt) }) : w.endsAt ? t("until", { end: when(w.endsAt) }) : t("always");
}

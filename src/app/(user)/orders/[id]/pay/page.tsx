import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { oneParam, type SearchParams } from "@/app/search-params";
import type { PaySummaryData } from "@/components/store/pay-summary";
import { PayView } from "@/components/store/pay-view";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { getOrderDetail } from "@/server/services/orders";
import { listPaymentMethods, orderPaymentStatus } from "@/server/services/payments";
import { balanceForOrder } from "@/server/services/wallet/pay-from-balance";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("store.orders"))("pay") };
}

/**
 * Paying an order: choose a method, pay, and watch the result arrive. The gateway's return_url
 * lands here with ?tradeNo=, which this page then polls like a payment started here.
 */
export default async function PayPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  await requireUserPage();
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const ctx = await requestCtx();
  let status, detail;
  try {
    [status, detail] = await Promise.all([orderPaymentStatus(ctx, id), getOrderDetail(ctx, id)]);
  } catch (err) {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  }
  const methods = status.orderStatus === "PENDING" ? await listPaymentMethods(ctx) : [];
  // [wallet] Listed only in the wallet edition: the balance and what an earlier split set aside.
  const balance = methods.some((m) => m.provider === "balance") ? await balanceForOrder(ctx, id) : null;
  const tradeNo = oneParam(sp.tradeNo);
  const returned = tradeNo && status.payments.some((p) => p.tradeNo === tradeNo) ? tradeNo : null;
  const { order, lines } = detail;
  const summary: PaySummaryData = {
    kind: order.kind,
    currency: order.currency,
    lines: lines.map((l) => ({ planName: l.planName, kind: l.kind, trafficGb: l.trafficGb, durationDays: l.durationDays, amountMinor: l.amountMinor })),
    subtotalMinor: order.subtotalMinor,
    couponCode: order.couponCode,
    couponDiscountMinor: order.couponDiscountMinor,
    promotionDiscountMinor: order.promotionDiscountMinor,
    totalMinor: order.totalMinor,
    planChange: detail.planChange,
    giftEmail: lines.find((l) => l.giftEmail)?.giftEmail ?? null,
  };
  return <PayView status={status} methods={methods} balance={balance} returnedTradeNo={returned} summary={summary} />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { oneParam, type SearchParams } from "@/app/search-params";
import { RechargePayView } from "@/components/wallet/recharge-pay-view";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { PAYMENT_PROVIDERS, type PaymentProvider } from "@/server/db/schema/commerce";
import { isWallet } from "@/server/env";
import { isDomainError } from "@/server/errors";
import { listPaymentMethods } from "@/server/services/payments";
import { getMyRecharge } from "@/server/services/wallet";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("wallet.recharge"))("title") };
}

const isGateway = (p: string): p is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(p);

/**
 * [wallet] Paying one recharge: choose a gateway, pay, and watch the balance arrive. The gateway's
 * return URL lands here with ?tradeNo=, which this page then polls like a payment started here.
 */
export default async function RechargePayPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  if (!isWallet()) notFound();
  await requireUserPage();
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const ctx = await requestCtx();
  let recharge;
  try {
    recharge = await getMyRecharge(ctx, id);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
  // Gateways only: a recharge is never paid from the balance.
  const methods = recharge.status === "PENDING" ? (await listPaymentMethods(ctx)).flatMap((m) => (isGateway(m.provider) ? [{ provider: m.provider, displayName: m.displayName }] : [])) : [];
  const tradeNo = oneParam(sp.tradeNo);
  const returned = tradeNo && recharge.payments.some((p) => p.tradeNo === tradeNo) ? tradeNo : null;
  const info = { id: recharge.id, rechargeNo: recharge.rechargeNo, amountMinor: recharge.amountMinor, currency: recharge.currency, status: recharge.status, cancelReason: recharge.cancelReason, expiresAt: recharge.expiresAt };
  return <RechargePayView recharge={info} methods={methods} returnedTradeNo={returned} />;
}

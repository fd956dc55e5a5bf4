// GET|POST /api/payment/notify/{epay|alipay_f2f}: verify first, change second (behaviour §5). The
// reply is what the gateway expects: the text `success` once the payment is on record (also for a
// repeat), anything else makes it retry. Bad input is a 4xx with `fail`, never a 5xx.
import type { Db } from "../../db/client";
import { alipayVerifyNotify, epayVerifyNotify } from "../../integrations/payments";
import { log } from "../../logger";
import { loadGatewayConfig } from "../payments-config";
import { recordVerifiedPayment } from "./record-payment";

export type NotifyProvider = "epay" | "alipay_f2f";
export const NOTIFY_PROVIDERS: readonly NotifyProvider[] = ["epay", "alipay_f2f"];

export interface NotifyReply { status: number; body: "success" | "fail" }

export async function handlePaymentNotify(db: Db, provider: NotifyProvider, params: Record<string, string>, now = new Date(), requestId?: string): Promise<NotifyReply> {
  // A gateway switched off for new payments still settles the ones already made through it.
  const verified = await verify(db, provider, params);
  if (!verified) {
    log.warn("payment notify for an unconfigured provider", { provider, requestId });
    return { status: 404, body: "fail" };
  }
  if (!verified.ok) {
    log.warn("payment notify refused", { provider, reason: verified.reason, requestId });
    return { status: 400, body: "fail" };
  }
  // A status that is not a payment (WAIT_BUYER_PAY, TRADE_CLOSED): acknowledged, nothing changes.
  if (!verified.paid) return { status: 200, body: "success" };
  const outcome = await recordVerifiedPayment(db, {
    tradeNo: verified.tradeNo,
    amountMinor: verified.amountMinor,
    providerTradeNo: verified.providerTradeNo,
    evidence: { provider, providerTradeNo: verified.providerTradeNo, amountMinor: verified.amountMinor, via: "notify" },
    now,
  });
  switch (outcome.kind) {
    case "unknown_trade":
      log.warn("payment notify for an unknown trade number", { provider, requestId });
      return { status: 404, body: "fail" };
    case "amount_mismatch":
      log.warn("payment notify amount differs from the payment", { provider, tradeNo: verified.tradeNo, requestId });
      return { status: 400, body: "fail" };
    default:
      return { status: 200, body: "success" };
  }
}

async function verify(db: Db, provider: NotifyProvider, params: Record<string, string>) {
  if (provider === "epay") {
    const cfg = await loadGatewayConfig(db, "epay", { includeDisabled: true });
    return cfg ? epayVerifyNotify(cfg, params) : null;
  }
  const cfg = await loadGatewayConfig(db, "alipay_f2f", { includeDisabled: true });
  return cfg ? alipayVerifyNotify(cfg, params) : null;
}

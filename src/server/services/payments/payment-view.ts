// What the paying browser is told about an attempt: never a key, only what it needs to pay.
import type { Order, Payment } from "../../db/schema";
import { microToDecimal, USDT_TRC20_CONTRACT } from "../../integrations/payments";

export interface PaymentView {
  tradeNo: string;
  orderId: string;
  provider: Payment["provider"];
  status: Payment["status"];
  amountMinor: number;
  currency: string;
  expiresAt: string;
  payUrl?: string;
  qrCode?: string;
  usdt?: { network: "TRC20"; address: string; contract: string; amount: string; amountMicro: number };
}

/** `order` is what the attempt pays: an order, or [wallet] a recharge (its id then stands in orderId). */
export function paymentView(p: Payment, order: Pick<Order, "id" | "currency">, cfg: unknown): PaymentView {
  const view: PaymentView = { tradeNo: p.tradeNo, orderId: p.orderId ?? order.id, provider: p.provider, status: p.status, amountMinor: p.amountMinor, currency: order.currency, expiresAt: p.expiresAt.toISOString() };
  if (p.payUrl) view.payUrl = p.payUrl;
  if (p.qrCode) view.qrCode = p.qrCode;
  if (p.cryptoAmountMicro !== null) {
    const tron = cfg as { address: string; contract?: string };
    view.usdt = { network: "TRC20", address: tron.address, contract: tron.contract ?? USDT_TRC20_CONTRACT, amount: microToDecimal(p.cryptoAmountMicro), amountMicro: p.cryptoAmountMicro };
  }
  return view;
}

// The cashier page a buyer's browser lands on after submit.php.
import { escapeHtml, page } from "../common/http";
import type { EpayOrder } from "./server";

const CHANNEL_NAMES: Record<string, string> = { alipay: "Alipay 支付宝", wxpay: "WeChat Pay 微信支付", qqpay: "QQ Pay" };

export function cashierPage(o: EpayOrder, channels: string[]): string {
  const choose = o.type
    ? `<p class="muted">Channel: ${escapeHtml(CHANNEL_NAMES[o.type] ?? o.type)}</p>`
    : `<p>${channels.map((c, i) => `<label><input type="radio" name="type" value="${escapeHtml(c)}"${i === 0 ? " checked" : ""}> ${escapeHtml(CHANNEL_NAMES[c] ?? c)}</label>`).join("<br>")}</p>`;
  const body =
    o.status !== 0
      ? `<p>${o.status === 2 ? `This order was refunded (¥${escapeHtml(o.refundMoney)}).` : "This order is already paid."}</p>`
      : `<form method="post" action="/cashier/${encodeURIComponent(o.tradeNo)}/pay">${choose}<button type="submit" data-testid="epay-sim-pay">Pay</button></form>`;
  return page(
    "epay cashier (simulator)",
    `<div class="card"><h1>epay cashier</h1><p class="muted">Simulator · merchant ${escapeHtml(o.pid)}</p>
<p data-testid="epay-sim-product">${escapeHtml(o.name)}</p><p class="amount" data-testid="epay-sim-amount">¥${escapeHtml(o.money)}</p>
<p class="muted">Order ${escapeHtml(o.outTradeNo)} · platform no. ${escapeHtml(o.tradeNo)}</p>${body}</div>`,
  );
}

export const errorPage = (msg: string) => page("epay error", `<div class="card"><h1>Error</h1><p data-testid="epay-sim-error">${escapeHtml(msg)}</p></div>`);

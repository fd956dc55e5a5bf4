// What a phone shows after scanning the QR code: the order and a button that pays it.
import { escapeHtml, page } from "../common/http";
import type { AlipayTrade } from "./server";

export function qrPage(t: AlipayTrade): string {
  const action =
    t.status === "TRADE_SUCCESS"
      ? `<p data-testid="alipay-sim-paid">Paid.</p>`
      : `<form method="post" action="/qr/${encodeURIComponent(t.outTradeNo)}/pay"><button type="submit" data-testid="alipay-sim-pay">Scan and pay</button></form>`;
  return page(
    "Alipay (simulator)",
    `<div class="card"><h1>支付宝 · Alipay</h1><p class="muted">Simulator · face-to-face payment</p>
<p data-testid="alipay-sim-subject">${escapeHtml(t.subject)}</p><p class="amount" data-testid="alipay-sim-amount">¥${escapeHtml(t.totalAmount)}</p>
<p class="muted">Order ${escapeHtml(t.outTradeNo)}</p>${action}</div>`,
  );
}

export const notFoundPage = () => page("Alipay (simulator)", `<div class="card"><p>交易不存在 (no such trade)</p></div>`);

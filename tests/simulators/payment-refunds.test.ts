// The refund endpoints of the payment simulators, as the real platforms answer them: epay's
// api.php?act=refund (POST pid, key, trade_no or out_trade_no, money, out_refund_no) with the
// builds' codes (0 or 1 for success, -1 refusals, -2/-4/-5 for no refund API), and Alipay's
// alipay.trade.refund / alipay.trade.fastpay.refund.query (signed answers, refund_fee as the
// running total, fund_change, out_request_no making a repeat the same refund, no more than paid).
// Checked over real sockets, raw and through our adapters.
import { AlipaySdk } from "alipay-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import {
  alipayPrecreate,
  alipayRefund,
  alipayRefundQuery,
  epayCreateMapi,
  epayOrderState,
  epayRefund,
  type AlipayConfig,
  type EpayConfig,
} from "../../src/server/integrations/payments";

let epay: EpaySimulator;
let oldEpay: EpaySimulator; // an older build: success is code 1
let alipay: AlipaySimulator;
let ecfg: EpayConfig;
let acfg: AlipayConfig;
let n = 0;
const no = (p: string) => `${p}${Date.now()}${n++}`;

beforeAll(async () => {
  [epay, oldEpay, alipay] = await Promise.all([
    startEpaySimulator({ notifyRetryDelaysMs: [] }),
    startEpaySimulator({ notifyRetryDelaysMs: [], refundSuccessCode: 1 }),
    startAlipaySimulator({ notifyRetryDelaysMs: [] }),
  ]);
  ecfg = { gatewayUrl: epay.url, pid: epay.merchants[0]!.pid, key: epay.merchants[0]!.key, channels: ["alipay"] };
  acfg = { appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey, gatewayUrl: alipay.gatewayUrl };
});
afterAll(async () => {
  await Promise.all([epay.close(), oldEpay.close(), alipay.close()]);
});

/** A paid epay order (created through mapi.php, paid at the platform). */
async function paidEpay(sim: EpaySimulator, cfg: EpayConfig, amountMinor = 1050) {
  const tradeNo = no("E");
  const created = await epayCreateMapi(cfg, { tradeNo, amountMinor, subject: "Pro", notifyUrl: "http://127.0.0.1:9/n", returnUrl: "http://127.0.0.1:9/r", clientIp: "203.0.113.7", channel: "alipay" });
  await sim.pay(tradeNo);
  return { tradeNo, platformNo: created.providerTradeNo };
}

async function refundRaw(sim: EpaySimulator, fields: Record<string, string>, method = "POST") {
  const url = `${sim.url}api.php?act=refund`;
  const res = method === "POST" ? await fetch(url, { method, body: new URLSearchParams(fields) }) : await fetch(`${url}&${new URLSearchParams(fields)}`);
  return (await res.json()) as Record<string, unknown>;
}

describe("epay api.php?act=refund", () => {
  it("refunds a paid order (status 2, refundmoney), answers a repeat of the same out_refund_no with the same refund, and refuses more than is left", async () => {
    const { tradeNo, platformNo } = await paidEpay(epay, ecfg);
    const { pid, key } = epay.merchants[0]!;
    const first = await refundRaw(epay, { pid, key, trade_no: platformNo, money: "4.00", out_refund_no: "RF1" + tradeNo });
    expect(first).toMatchObject({ code: 0, trade_no: platformNo, out_trade_no: tradeNo, money: "4.00", out_refund_no: "RF1" + tradeNo });
    expect(typeof first.refund_no).toBe("string");
    expect(await refundRaw(epay, { pid, key, trade_no: platformNo, money: "4.00", out_refund_no: "RF1" + tradeNo })).toEqual(first);
    expect(await refundRaw(epay, { pid, key, trade_no: platformNo, money: "5.00", out_refund_no: "RF1" + tradeNo })).toEqual({ code: -1, msg: "退款单号已用于不同请求" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: tradeNo, money: "6.51", out_refund_no: "RF2" + tradeNo })).toEqual({ code: -1, msg: "退款金额超过剩余可退金额" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: tradeNo, money: "6.50", out_refund_no: "RF2" + tradeNo })).toMatchObject({ code: 0, money: "6.50" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: tradeNo, money: "0.01" })).toEqual({ code: -1, msg: "该订单已全额退款！" });
    expect(epay.orders().find((o) => o.outTradeNo === tradeNo)).toMatchObject({ status: 2, refundMoney: "10.50" });
    expect(epay.refunds().filter((r) => r.outTradeNo === tradeNo).map((r) => r.money)).toEqual(["4.00", "6.50"]);
    // act=order shows the refund (newer builds: status 2 and refundmoney).
    const q = (await (await fetch(`${epay.url}api.php?act=order&pid=${pid}&key=${key}&out_trade_no=${tradeNo}`)).json()) as Record<string, unknown>;
    expect(q).toMatchObject({ code: 1, status: "2", refundmoney: "10.50" });
  });

  it("refuses what the platform refuses: unpaid or unknown orders, a wrong key or pid, bad money, no order number, fields in the query string", async () => {
    const { pid, key } = epay.merchants[0]!;
    const unpaid = no("E");
    await epayCreateMapi(ecfg, { tradeNo: unpaid, amountMinor: 100, subject: "x", notifyUrl: "http://127.0.0.1:9/n", returnUrl: "http://127.0.0.1:9/r", clientIp: "203.0.113.7", channel: "alipay" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: unpaid, money: "1.00" })).toEqual({ code: -1, msg: "该订单状态不支持退款！" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: "nope", money: "1.00" })).toEqual({ code: -1, msg: "当前订单不存在！" });
    expect(await refundRaw(epay, { pid, key: "wrong", out_trade_no: unpaid, money: "1.00" })).toEqual({ code: -3, msg: "商户密钥错误" });
    expect(await refundRaw(epay, { pid: "9", key, out_trade_no: unpaid, money: "1.00" })).toEqual({ code: -3, msg: "商户ID不存在" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: unpaid, money: "1.005" })).toEqual({ code: -1, msg: "金额输入错误" });
    expect(await refundRaw(epay, { pid, key, money: "1.00" })).toEqual({ code: -4, msg: "订单号不能为空" });
    expect(await refundRaw(epay, { pid, key, out_trade_no: unpaid, money: "1.00" }, "GET")).toEqual({ code: -4, msg: "订单号不能为空" });
  });

  it("builds and merchants without the refund API say so, and the adapter reads that as 'unsupported'", async () => {
    const { tradeNo } = await paidEpay(epay, ecfg);
    const ask = { tradeNo, refundNo: no("RF"), amountMinor: 100 };
    for (const [api, msg] of [["absent", "No Act!"], ["site_off", "未开启商户后台自助退款"], ["merchant_off", "商户未开启订单退款API接口"]] as const) {
      epay.setRefundApi(api);
      try {
        expect(await epayRefund(ecfg, ask)).toEqual({ kind: "unsupported", detail: msg });
      } finally {
        epay.setRefundApi("on");
      }
    }
    expect(await epayOrderState(ecfg, tradeNo)).toBe("paid");
    expect(epay.refunds().filter((r) => r.outTradeNo === tradeNo)).toEqual([]);
  });

  it("the adapter: success in either build's code, a refusal with the platform's words, the order's state, and a platform error is not a 'no'", async () => {
    const a = await paidEpay(epay, ecfg);
    expect(await epayRefund(ecfg, { tradeNo: a.tradeNo, providerTradeNo: a.platformNo, refundNo: no("RF"), amountMinor: 1050 })).toMatchObject({ kind: "refunded", refundNo: expect.any(String) });
    expect(await epayOrderState(ecfg, a.tradeNo)).toBe("refunded");
    expect(await epayRefund(ecfg, { tradeNo: a.tradeNo, refundNo: no("RF"), amountMinor: 1 })).toEqual({ kind: "refused", detail: "该订单已全额退款！" });
    expect(await epayOrderState(ecfg, "never-made")).toBe("not_found");

    const oldCfg = { ...ecfg, gatewayUrl: oldEpay.url, pid: oldEpay.merchants[0]!.pid, key: oldEpay.merchants[0]!.key };
    const b = await paidEpay(oldEpay, oldCfg);
    expect(await refundRaw(oldEpay, { pid: oldCfg.pid, key: oldCfg.key, out_trade_no: b.tradeNo, money: "1.00" })).toMatchObject({ code: 1 });
    expect(await epayRefund(oldCfg, { tradeNo: b.tradeNo, refundNo: no("RF"), amountMinor: 200 })).toMatchObject({ kind: "refunded" });

    const c = await paidEpay(epay, ecfg);
    epay.setTamper({ refundHttpError: 502 });
    try {
      await expect(epayRefund(ecfg, { tradeNo: c.tradeNo, refundNo: no("RF"), amountMinor: 100 })).rejects.toMatchObject({ reason: "payment_gateway_bad_response" });
    } finally {
      epay.setTamper(null);
    }
    expect(await epayOrderState(ecfg, c.tradeNo)).toBe("paid");
  });
});

describe("Alipay alipay.trade.refund and alipay.trade.fastpay.refund.query", () => {
  async function paidTrade(amountMinor = 1050) {
    const tradeNo = no("A");
    await alipayPrecreate(acfg, { tradeNo, amountMinor, subject: "Pro", notifyUrl: "http://127.0.0.1:9/n", timeoutMinutes: 30 });
    await alipay.pay(tradeNo);
    return tradeNo;
  }

  it("refunds with fund_change Y and refund_fee as the running total; a repeat of the request is the same refund (fund_change N); more than is left is refused", async () => {
    const tradeNo = await paidTrade();
    const trade = alipay.trades().find((t) => t.outTradeNo === tradeNo)!;
    const r1 = no("RF");
    expect(await alipayRefund(acfg, { tradeNo, refundNo: r1, amountMinor: 300 })).toEqual({ kind: "refunded", fundChange: true, refundedTotalMinor: 300, providerTradeNo: trade.tradeNo });
    expect(await alipayRefund(acfg, { tradeNo, refundNo: r1, amountMinor: 300 })).toEqual({ kind: "refunded", fundChange: false, refundedTotalMinor: 300, providerTradeNo: trade.tradeNo });
    expect(await alipayRefund(acfg, { tradeNo, refundNo: r1, amountMinor: 400 })).toEqual({ kind: "refused", code: "ACQ.CONTEXT_INCONSISTENT", detail: "ACQ.CONTEXT_INCONSISTENT: 交易信息被篡改" });
    expect(await alipayRefund(acfg, { tradeNo, refundNo: no("RF"), amountMinor: 751 })).toEqual({ kind: "refused", code: "ACQ.REASON_TRADE_REFUND_FEE_ERR", detail: "ACQ.REASON_TRADE_REFUND_FEE_ERR: 退款金额超限" });
    const r2 = no("RF");
    expect(await alipayRefund(acfg, { tradeNo, refundNo: r2, amountMinor: 750 })).toMatchObject({ kind: "refunded", fundChange: true, refundedTotalMinor: 1050 });
    expect(alipay.trades().find((t) => t.outTradeNo === tradeNo)).toMatchObject({ status: "TRADE_CLOSED", refundFee: "10.50" });
    expect(await alipayRefund(acfg, { tradeNo, refundNo: no("RF"), amountMinor: 1 })).toMatchObject({ kind: "refused", code: "ACQ.TRADE_HAS_CLOSE" });
    expect(alipay.refunds().filter((r) => r.outTradeNo === tradeNo).map((r) => [r.outRequestNo, r.refundAmount])).toEqual([[r1, "3.00"], [r2, "7.50"]]);

    expect(await alipayRefundQuery(acfg, { tradeNo, refundNo: r1 })).toEqual({ refunded: true, amountMinor: 300 });
    expect(await alipayRefundQuery(acfg, { tradeNo, refundNo: "never-asked" })).toEqual({ refunded: false });
    expect(await alipayRefundQuery(acfg, { tradeNo: "unknown-trade", refundNo: r1 })).toEqual({ refunded: false });
  });

  it("each refund is announced to the notify URL (TRADE_SUCCESS with refund_fee while money is left, TRADE_CLOSED after), signed by Alipay", async () => {
    const tradeNo = await paidTrade(1000);
    const r1 = no("RF");
    await alipayRefund(acfg, { tradeNo, refundNo: r1, amountMinor: 400 });
    await alipayRefund(acfg, { tradeNo, refundNo: no("RF"), amountMinor: 600 });
    await new Promise((r) => setTimeout(r, 50));
    const sent = alipay.notifications().filter((x) => x.outTradeNo === tradeNo && x.params.refund_fee);
    expect(sent.map((x) => [x.params.trade_status, x.params.refund_fee])).toEqual([["TRADE_SUCCESS", "4.00"], ["TRADE_CLOSED", "10.00"]]);
    expect(sent[0]!.params.out_biz_no).toBe(r1);
    const sdk = new AlipaySdk({ appId: acfg.appId, privateKey: acfg.privateKey, alipayPublicKey: acfg.alipayPublicKey, gateway: acfg.gatewayUrl, keyType: "PKCS8" });
    expect(sdk.checkNotifySignV2(sent[0]!.params)).toBe(true);
  });

  it("refuses unknown and unpaid trades, a full refund without out_request_no must be the whole amount, and 'busy' is not a 'no'", async () => {
    const sdk = new AlipaySdk({ appId: acfg.appId, privateKey: acfg.privateKey, alipayPublicKey: acfg.alipayPublicKey, gateway: acfg.gatewayUrl, keyType: "PKCS8" });
    const exec = (biz: Record<string, unknown>) => sdk.exec("alipay.trade.refund", { bizContent: biz }, { validateSign: true }) as Promise<Record<string, unknown>>;
    expect(await exec({ out_trade_no: "unknown", refund_amount: "1.00" })).toMatchObject({ code: "40004", subCode: "ACQ.TRADE_NOT_EXIST" });
    const waiting = no("A");
    await alipayPrecreate(acfg, { tradeNo: waiting, amountMinor: 500, subject: "x", notifyUrl: "http://127.0.0.1:9/n", timeoutMinutes: 30 });
    alipay.scan(waiting);
    expect(await exec({ out_trade_no: waiting, refund_amount: "5.00", out_request_no: "x1" })).toMatchObject({ code: "40004", subCode: "ACQ.TRADE_STATUS_ERROR" });
    const paid = await paidTrade(500);
    expect(await exec({ out_trade_no: paid, refund_amount: "1.00" })).toMatchObject({ code: "40004", subCode: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", refundFee: "0.00" });
    expect(await exec({ out_trade_no: paid, refund_amount: "0" })).toMatchObject({ code: "40002", subCode: "isv.invalid-parameter" });
    expect(await exec({ out_trade_no: paid, refund_amount: "5.00" })).toMatchObject({ code: "10000", fundChange: "Y", refundFee: "5.00", buyerLogonId: expect.any(String), gmtRefundPay: expect.any(String) });

    const busy = await paidTrade(500);
    alipay.setTamper({ refundUnavailable: true });
    try {
      await expect(alipayRefund(acfg, { tradeNo: busy, refundNo: no("RF"), amountMinor: 500 })).rejects.toMatchObject({ reason: "payment_gateway_refused", details: { gatewayCode: "aop.ACQ.SYSTEM_ERROR" } });
    } finally {
      alipay.setTamper(null);
    }
    expect(alipay.trades().find((t) => t.outTradeNo === busy)!.refundFee).toBe("0.00");
  });
});

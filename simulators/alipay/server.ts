// Alipay's OpenAPI v1 gateway for face-to-face payment over real HTTP (protocols.md §4):
// POST /gateway.do with alipay.trade.precreate, alipay.trade.query, alipay.trade.refund and
// alipay.trade.fastpay.refund.query as alipay-sdk sends them
// (common parameters in the query, biz_content in the form body), RSA2 request signatures checked
// with the app's public key, answers signed with Alipay's key over the exact `..._response` JSON
// text, a QR page that "scans and pays", and the signed form notify retried until the reply is
// exactly `success`.
import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, readParams, sendHtml, sendJson } from "../common/http";
import { Notifier, type Notification } from "../common/notifier";
import { bareBase64, newKeyPair, pkcs1Pem, pkcs8Pem, rsa2Sign, rsa2Verify, signContent, spkiPem } from "./keys";
import { notFoundPage, qrPage } from "./pages";

export type AlipayTradeStatus = "CREATED" | "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";

export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  /** CREATED: precreated, QR not scanned yet (query answers ACQ.TRADE_NOT_EXIST). */
  status: AlipayTradeStatus;
  gmtCreate: string;
  gmtPayment?: string;
  /** Refunded so far (yuan, 2 decimals); a trade refunded in full is TRADE_CLOSED. */
  refundFee: string;
}

/** One refund request Alipay accepted: `out_request_no` makes a repeat the same refund. */
export interface AlipayRefund {
  outTradeNo: string;
  tradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  refundReason: string;
  gmtRefundPay: string;
}

export interface AlipayTamper {
  totalAmount?: string;
  badSignature?: boolean;
  appId?: string;
  /** Notifies name this seller (another merchant's PID), still signed by Alipay. */
  sellerId?: string;
  /** alipay.trade.query answers with this trade's data instead of the one asked (signed as usual). */
  queryOutTradeNo?: string;
  /** alipay.trade.query answers this total_amount (signed as usual). */
  queryTotalAmount?: string;
  /** alipay.trade.refund refuses with this business error (40004), e.g. ACQ.SELLER_BALANCE_NOT_ENOUGH. */
  refundRefusal?: { subCode: string; subMsg: string };
  /** alipay.trade.refund answers 20000 (service unavailable, try again) without refunding. */
  refundUnavailable?: boolean;
}

export interface AlipaySimulatorOptions {
  port?: number;
  host?: string;
  appId?: string;
  /** The merchant's Alipay account (PID) that receives the money: `seller_id` in notifies. */
  sellerId?: string;
  /** Default 4m, 10m, 10m, 1h, 2h, 6h, 15h (Alipay's schedule); tests use a few ms. */
  notifyRetryDelaysMs?: number[];
}

export interface AlipaySimulator {
  /** Base URL; the gateway is `gatewayUrl`. */
  url: string;
  gatewayUrl: string;
  port: number;
  appId: string;
  sellerId: string;
  /** The app's private key (PKCS#8 PEM), what the merchant configures. */
  appPrivateKey: string;
  appPrivateKeyPkcs1: string;
  /** Bare base64 PKCS#8, as Alipay's key tool shows it. */
  appPrivateKeyBase64: string;
  appPublicKey: string;
  /** Alipay's public key (SPKI PEM), what the merchant configures to verify answers and notifies. */
  alipayPublicKey: string;
  alipayPublicKeyBase64: string;
  trades(): AlipayTrade[];
  notifications(): Notification[];
  /** The QR was scanned: the trade exists now, WAIT_BUYER_PAY. */
  scan(outTradeNo: string): void;
  /** Scanned and paid: TRADE_SUCCESS and the notify starts. */
  pay(outTradeNo: string): Promise<Notification>;
  setTamper(t: AlipayTamper | null): void;
  setNotifyRetryDelays(ms: number[]): void;
  refunds(): AlipayRefund[];
  /** Method name -> how many gateway calls were seen (for assertions). */
  calls: string[];
  close(): Promise<void>;
}

const beijingTime = (d = new Date()) => new Date(d.getTime() + 8 * 3600_000).toISOString().replace("T", " ").slice(0, 19);
const AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

export async function startAlipaySimulator(opts: AlipaySimulatorOptions = {}): Promise<AlipaySimulator> {
  const appId = opts.appId ?? `2021${randomInt(100_000_000, 999_999_999)}0000`.slice(0, 16);
  const sellerId = opts.sellerId ?? "2088102177649450";
  const app = newKeyPair();
  const alipay = newKeyPair();
  const impostor = newKeyPair(); // signs tampered notifies
  const trades = new Map<string, AlipayTrade>();
  const refunds = new Map<string, AlipayRefund>(); // by `${outTradeNo}\n${outRequestNo}`
  const calls: string[] = [];
  let tamper: AlipayTamper | null = null;
  let base = "";
  const notifier = new Notifier({
    retryDelaysMs: opts.notifyRetryDelaysMs ?? [240_000, 600_000, 600_000, 3_600_000, 7_200_000, 21_600_000, 54_000_000],
    accept: (reply) => reply === "success",
  });

  /** `{"<method>_response":{...},"sign":"..."}` with the sign over the exact inner JSON text. */
  function answer(res: ServerResponse, method: string, body: Record<string, unknown>): void {
    const inner = JSON.stringify(body);
    const key = `${method.replaceAll(".", "_")}_response`;
    sendJson(res, 200, `{"${key}":${inner},"sign":"${rsa2Sign(inner, alipay.privateKey)}"}`);
  }
  const bizError = (sub_code: string, sub_msg: string) => ({ code: "40004", msg: "Business Failed", sub_code, sub_msg });

  function precreate(biz: Record<string, unknown>, notifyUrl: string): Record<string, unknown> {
    const outTradeNo = String(biz.out_trade_no ?? "");
    const totalAmount = String(biz.total_amount ?? "");
    const subject = String(biz.subject ?? "");
    if (!outTradeNo || outTradeNo.length > 64 || !subject) return { code: "40002", msg: "Invalid Arguments", sub_code: "isv.missing-parameter", sub_msg: "缺少必选参数" };
    if (!AMOUNT.test(totalAmount) || Number(totalAmount) < 0.01 || Number(totalAmount) > 100_000_000) return { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "total_amount 不合法" };
    const existing = trades.get(outTradeNo);
    if (existing?.status === "TRADE_SUCCESS") return bizError("ACQ.TRADE_HAS_SUCCESS", "交易已被支付");
    if (existing && existing.totalAmount !== totalAmount) return bizError("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改");
    if (!existing) {
      const tradeNo = `${beijingTime().replace(/\D/g, "").slice(0, 8)}22001${randomInt(100_000, 999_999)}${randomInt(10_000_000, 99_999_999)}`;
      trades.set(outTradeNo, { outTradeNo, tradeNo, totalAmount, subject, notifyUrl, status: "CREATED", gmtCreate: beijingTime(), refundFee: "0.00" });
    }
    return { code: "10000", msg: "Success", out_trade_no: outTradeNo, qr_code: `${base}qr/${encodeURIComponent(outTradeNo)}` };
  }

  function query(biz: Record<string, unknown>): Record<string, unknown> {
    const asked = biz.out_trade_no ? trades.get(String(biz.out_trade_no)) : [...trades.values()].find((x) => x.tradeNo === String(biz.trade_no ?? ""));
    const t = asked && tamper?.queryOutTradeNo ? (trades.get(tamper.queryOutTradeNo) ?? asked) : asked;
    if (!t || t.status === "CREATED") return bizError("ACQ.TRADE_NOT_EXIST", "交易不存在");
    const paid = t.status === "TRADE_SUCCESS";
    return {
      code: "10000",
      msg: "Success",
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: "sim***@example.com",
      trade_status: t.status,
      total_amount: tamper?.queryTotalAmount ?? t.totalAmount,
      buyer_pay_amount: paid ? t.totalAmount : "0.00",
      receipt_amount: paid ? t.totalAmount : "0.00",
      ...(t.gmtPayment ? { send_pay_date: t.gmtPayment } : {}),
    };
  }

  const fen = (yuan: string) => Math.round(Number(yuan) * 100);
  const yuan = (f: number) => (f / 100).toFixed(2);
  const tradeOf = (biz: Record<string, unknown>) =>
    biz.out_trade_no ? trades.get(String(biz.out_trade_no)) : [...trades.values()].find((x) => x.tradeNo === String(biz.trade_no ?? ""));

  /**
   * alipay.trade.refund: refund_amount up to what is left of the trade; out_request_no names the
   * request (without it only a full refund is accepted), and a repeat of the same request answers
   * success again with fund_change "N" and moves nothing. A trade refunded in full closes.
   */
  function refund(biz: Record<string, unknown>): { body: Record<string, unknown>; done?: { trade: AlipayTrade; refund: AlipayRefund } } {
    const t = tradeOf(biz);
    const amount = String(biz.refund_amount ?? "");
    if (!biz.out_trade_no && !biz.trade_no) return { body: { code: "40002", msg: "Invalid Arguments", sub_code: "isv.missing-parameter", sub_msg: "缺少必选参数" } };
    if (!AMOUNT.test(amount) || fen(amount) <= 0) return { body: { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "refund_amount 不合法" } };
    if (!t || t.status === "CREATED") return { body: bizError("ACQ.TRADE_NOT_EXIST", "交易不存在") };
    const outRequestNo = String(biz.out_request_no ?? t.outTradeNo);
    const base = { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: "sim***@example.com", buyer_user_id: "2088102177846880" };
    const known = refunds.get(`${t.outTradeNo}\n${outRequestNo}`);
    if (known) {
      if (fen(known.refundAmount) !== fen(amount)) return { body: bizError("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改") };
      return { body: { code: "10000", msg: "Success", ...base, fund_change: "N", refund_fee: t.refundFee, gmt_refund_pay: known.gmtRefundPay, send_back_fee: "0.00" } };
    }
    if (tamper?.refundUnavailable) return { body: { code: "20000", msg: "Service Currently Unavailable", sub_code: "aop.ACQ.SYSTEM_ERROR", sub_msg: "系统繁忙" } };
    if (tamper?.refundRefusal) return { body: { ...bizError(tamper.refundRefusal.subCode, tamper.refundRefusal.subMsg), out_trade_no: t.outTradeNo, refund_fee: "0.00", send_back_fee: "0.00" } };
    if (t.status === "WAIT_BUYER_PAY") return { body: bizError("ACQ.TRADE_STATUS_ERROR", "交易状态不合法") };
    if (t.status === "TRADE_CLOSED") return { body: bizError("ACQ.TRADE_HAS_CLOSE", "交易已经关闭") };
    if (!biz.out_request_no && fen(amount) !== fen(t.totalAmount)) return { body: { ...bizError("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "撤销或退款金额与订单金额不一致"), out_trade_no: t.outTradeNo, refund_fee: "0.00", send_back_fee: "0.00" } };
    if (fen(t.refundFee) + fen(amount) > fen(t.totalAmount)) return { body: { ...bizError("ACQ.REASON_TRADE_REFUND_FEE_ERR", "退款金额超限"), out_trade_no: t.outTradeNo, refund_fee: "0.00", send_back_fee: "0.00" } };
    const r: AlipayRefund = { outTradeNo: t.outTradeNo, tradeNo: t.tradeNo, outRequestNo, refundAmount: yuan(fen(amount)), refundReason: String(biz.refund_reason ?? ""), gmtRefundPay: beijingTime() };
    refunds.set(`${t.outTradeNo}\n${outRequestNo}`, r);
    t.refundFee = yuan(fen(t.refundFee) + fen(amount));
    if (fen(t.refundFee) === fen(t.totalAmount)) t.status = "TRADE_CLOSED";
    return { body: { code: "10000", msg: "Success", ...base, fund_change: "Y", refund_fee: t.refundFee, gmt_refund_pay: r.gmtRefundPay, send_back_fee: r.refundAmount }, done: { trade: t, refund: r } };
  }

  /** alipay.trade.fastpay.refund.query: a refund request that Alipay has not got answers success without refund_status. */
  function refundQuery(biz: Record<string, unknown>): Record<string, unknown> {
    const t = tradeOf(biz);
    if (!t || t.status === "CREATED") return bizError("ACQ.TRADE_NOT_EXIST", "交易不存在");
    const r = refunds.get(`${t.outTradeNo}\n${String(biz.out_request_no ?? "")}`);
    if (!r) return { code: "10000", msg: "Success", out_trade_no: t.outTradeNo, trade_no: t.tradeNo };
    return { code: "10000", msg: "Success", trade_no: t.tradeNo, out_trade_no: t.outTradeNo, out_request_no: r.outRequestNo, total_amount: t.totalAmount, refund_amount: r.refundAmount, refund_status: "REFUND_SUCCESS" };
  }

  async function gateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { all } = await readParams(req);
    const method = all.method ?? "";
    calls.push(method);
    if (!method) return sendJson(res, 200, { error_response: { code: "40002", msg: "Invalid Arguments", sub_code: "isv.missing-method", sub_msg: "缺少方法名参数" } });
    if (all.app_id !== appId) return answer(res, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-app-id", sub_msg: "无效的AppID参数" });
    // Request signature: everything but `sign` (sign_type included), with the app's public key.
    if (all.sign_type !== "RSA2" || !all.sign || !rsa2Verify(signContent(all, ["sign"]), all.sign, app.publicKey)) {
      return answer(res, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配" });
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(all.biz_content ?? "{}") as Record<string, unknown>;
    } catch {
      return answer(res, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "biz_content 不是 JSON" });
    }
    if (method === "alipay.trade.precreate") return answer(res, method, precreate(biz, all.notify_url ?? ""));
    if (method === "alipay.trade.query") return answer(res, method, query(biz));
    if (method === "alipay.trade.fastpay.refund.query") return answer(res, method, refundQuery(biz));
    if (method === "alipay.trade.refund") {
      const r = refund(biz);
      answer(res, method, r.body);
      // Alipay tells the notify URL too: a partial refund as TRADE_SUCCESS with refund_fee, a full one as TRADE_CLOSED.
      if (r.done) void notifier.send({ outTradeNo: r.done.trade.outTradeNo, method: "POST", url: r.done.trade.notifyUrl, params: notifyForm(r.done.trade, r.done.refund) });
      return;
    }
    return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method", sub_msg: "不存在的方法名" });
  }

  function notifyForm(t: AlipayTrade, refunded?: AlipayRefund): Record<string, string> {
    const amount = tamper?.totalAmount ?? t.totalAmount;
    const form: Record<string, string> = {
      notify_time: beijingTime(),
      notify_type: "trade_status_sync",
      notify_id: `2026${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`,
      app_id: tamper?.appId ?? appId,
      auth_app_id: tamper?.appId ?? appId,
      charset: "utf-8",
      version: "1.0",
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_id: "2088102177846880",
      buyer_logon_id: "sim***@example.com",
      seller_id: tamper?.sellerId ?? sellerId,
      trade_status: t.status,
      total_amount: amount,
      receipt_amount: amount,
      invoice_amount: amount,
      buyer_pay_amount: amount,
      point_amount: "0.00",
      subject: t.subject,
      gmt_create: t.gmtCreate,
      gmt_payment: t.gmtPayment ?? beijingTime(),
      fund_bill_list: JSON.stringify([{ amount, fundChannel: "ALIPAYACCOUNT" }]),
      ...(refunded ? { out_biz_no: refunded.outRequestNo, refund_fee: t.refundFee, gmt_refund: `${refunded.gmtRefundPay}.000` } : {}),
    };
    // Alipay signs without sign and sign_type.
    const sign = rsa2Sign(signContent(form, ["sign", "sign_type"]), tamper?.badSignature ? impostor.privateKey : alipay.privateKey);
    return { ...form, sign, sign_type: "RSA2" };
  }

  async function pay(outTradeNo: string): Promise<Notification> {
    const t = trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    if (t.status === "CREATED" || t.status === "WAIT_BUYER_PAY") {
      t.status = "TRADE_SUCCESS";
      t.gmtPayment = beijingTime();
    }
    return notifier.send({ outTradeNo, method: "POST", url: t.notifyUrl, params: notifyForm(t) });
  }
  const scan = (outTradeNo: string) => {
    const t = trades.get(outTradeNo);
    if (t?.status === "CREATED") t.status = "WAIT_BUYER_PAY";
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://sim.local").pathname;
    if (path === "/gateway.do" && req.method === "POST") return gateway(req, res);
    const qr = /^\/qr\/([^/]+)(\/pay)?$/.exec(path);
    const no = qr ? decodeURIComponent(qr[1]!) : "";
    const t = trades.get(no);
    if (!qr || !t) return sendHtml(res, 404, notFoundPage());
    if (!qr[2] && req.method === "GET") {
      scan(no); // opening the page is the scan
      return sendHtml(res, 200, qrPage(t));
    }
    if (qr[2] && req.method === "POST") {
      await pay(no);
      return sendHtml(res, 200, qrPage(t));
    }
    sendHtml(res, 405, notFoundPage());
  }

  const l = await listen(handle, opts);
  base = l.url;
  return {
    url: l.url,
    gatewayUrl: `${l.url}gateway.do`,
    port: l.port,
    appId,
    sellerId,
    appPrivateKey: pkcs8Pem(app.privateKey),
    appPrivateKeyPkcs1: pkcs1Pem(app.privateKey),
    appPrivateKeyBase64: bareBase64(pkcs8Pem(app.privateKey)),
    appPublicKey: spkiPem(app.publicKey),
    alipayPublicKey: spkiPem(alipay.publicKey),
    alipayPublicKeyBase64: bareBase64(spkiPem(alipay.publicKey)),
    trades: () => [...trades.values()],
    notifications: () => notifier.sent,
    scan,
    pay,
    setTamper: (x) => void (tamper = x),
    setNotifyRetryDelays: (ms) => notifier.setRetryDelays(ms),
    refunds: () => [...refunds.values()],
    calls,
    async close() {
      notifier.close();
      await l.close();
    },
  };
}

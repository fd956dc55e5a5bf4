// An epay v1 (彩虹易支付) platform over real HTTP (protocols.md §3): submit.php (browser redirect
// to a cashier page), mapi.php (server-side create), api.php?act=order (query), api.php?act=refund
// (the merchant refund API of the builds that offer it), and the signed GET notify with retries
// until the merchant's reply contains "success".
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, readParams, redirect, sendHtml, sendJson } from "../common/http";
import { Notifier, type Notification } from "../common/notifier";
import { cashierPage, errorPage } from "./pages";
import { md5Sign, phpFloat, validMoney } from "./sign";

export interface EpayMerchant { pid: string; key: string }

export interface EpayOrder {
  pid: string;
  /** The platform's number. */
  tradeNo: string;
  outTradeNo: string;
  /** Payment type; "" until the buyer picks one on the cashier page. */
  type: string;
  name: string;
  /** As the merchant sent it. */
  money: string;
  notifyUrl: string;
  returnUrl: string;
  param: string;
  clientIp?: string;
  /** 0 unpaid, 1 paid, 2 refunded (in part or in full: `refundMoney` says how much). */
  status: 0 | 1 | 2;
  addtime: string;
  endtime: string | null;
  /** Refunded so far, in yuan with 2 decimals ("0.00" until a refund). */
  refundMoney: string;
}

/** One refund the platform made (api.php?act=refund). */
export interface EpayRefund {
  refundNo: string;
  /** The merchant's refund number, when it sent one (newer builds): a repeat with it is the same refund. */
  outRefundNo: string;
  tradeNo: string;
  outTradeNo: string;
  money: string;
  addtime: string;
}

/**
 * How the refund API behaves, as the builds differ: "on" answers refunds; "site_off" is a site whose
 * operator did not enable merchant refunds (code -4), "merchant_off" a merchant without the refund
 * API (code -2), "absent" an older build without act=refund at all ("No Act!").
 */
export type EpayRefundApi = "on" | "site_off" | "merchant_off" | "absent";

/** Changes to the next notifies and query answers, for tests of the merchant's checks. */
export interface EpayTamper {
  /** Sent instead of the real amount (and signed, so only the amount check can catch it). */
  money?: string;
  /** Send a signature made with another key. */
  badSignature?: boolean;
  pid?: string;
  /** api.php?act=order answers with this out_trade_no's order (of the same merchant) instead of the one asked. */
  queryOutTradeNo?: string;
  /** api.php?act=order answers naming this pid (another merchant). */
  queryPid?: string;
  /** api.php?act=order answers this money. */
  queryMoney?: string;
  /** api.php?act=refund refuses with this message (code -1), e.g. the merchant balance is short. */
  refundRefusal?: string;
  /** api.php?act=refund answers with this HTTP status and a non-JSON page (a platform error). */
  refundHttpError?: number;
}

export interface EpaySimulatorOptions {
  port?: number;
  host?: string;
  /** Default: one merchant, pid 1000, a random key. */
  merchants?: EpayMerchant[];
  /** Payment types the cashier offers when the merchant sent none. */
  channels?: string[];
  /** Default 1 min, 3 min, 20 min, 1 h, 2 h (the platform's schedule); tests use a few ms. */
  notifyRetryDelaysMs?: number[];
  /** "as_sent" (older builds) or "float" (newer builds: "10.00" -> "10"). */
  notifyMoneyStyle?: "as_sent" | "float";
  /** Default "on". */
  refundApi?: EpayRefundApi;
  /** The `code` of a successful refund: 0 in newer builds (the default), 1 in older ones. */
  refundSuccessCode?: 0 | 1;
}

export interface EpaySimulator {
  /** Base URL to configure as the gateway URL; ends with "/". */
  url: string;
  port: number;
  merchants: EpayMerchant[];
  orders(): EpayOrder[];
  notifications(): Notification[];
  /** Marks the order paid (as a buyer would on the cashier page) and starts its notify. */
  pay(outTradeNo: string, opts?: { type?: string }): Promise<Notification>;
  setTamper(t: EpayTamper | null): void;
  setNotifyMoneyStyle(s: "as_sent" | "float"): void;
  setNotifyRetryDelays(ms: number[]): void;
  refunds(): EpayRefund[];
  setRefundApi(api: EpayRefundApi): void;
  close(): Promise<void>;
}

const now = () => new Date().toISOString().replace("T", " ").slice(0, 19);
const platformNo = () => `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}${randomInt(10_000_000, 99_999_999)}`;

export async function startEpaySimulator(opts: EpaySimulatorOptions = {}): Promise<EpaySimulator> {
  const merchants = opts.merchants ?? [{ pid: "1000", key: randomBytes(16).toString("hex") }];
  const channels = opts.channels ?? ["alipay", "wxpay"];
  const orders = new Map<string, EpayOrder>(); // by platform trade number
  const notifier = new Notifier({
    retryDelaysMs: opts.notifyRetryDelaysMs ?? [60_000, 180_000, 1_200_000, 3_600_000, 7_200_000],
    // The platform uses strpos: the reply only has to contain the word.
    accept: (reply) => reply.includes("success") || reply.includes("SUCCESS") || reply.includes("Success"),
  });
  let tamper: EpayTamper | null = null;
  let moneyStyle = opts.notifyMoneyStyle ?? "as_sent";
  let refundApi: EpayRefundApi = opts.refundApi ?? "on";
  const refundSuccessCode = opts.refundSuccessCode ?? 0;
  const refunds: EpayRefund[] = [];
  let base = "";

  const merchant = (pid: string | undefined) => merchants.find((m) => m.pid === pid);
  const byOutTradeNo = (pid: string, no: string) => [...orders.values()].find((o) => o.pid === pid && o.outTradeNo === no);

  /** The notify query (also appended to return_url), signed with the merchant's key. */
  function notifyParams(o: EpayOrder): Record<string, string> {
    const m = merchant(o.pid)!;
    const p: Record<string, string> = {
      pid: tamper?.pid ?? o.pid,
      trade_no: o.tradeNo,
      out_trade_no: o.outTradeNo,
      type: o.type,
      name: o.name,
      money: tamper?.money ?? (moneyStyle === "float" ? phpFloat(o.money) : o.money),
      trade_status: "TRADE_SUCCESS",
      ...(o.param ? { param: o.param } : {}),
    };
    return { ...p, sign: md5Sign(p, tamper?.badSignature ? `${m.key}x` : m.key), sign_type: "MD5" };
  }

  async function markPaid(o: EpayOrder, type?: string): Promise<Notification> {
    if (o.status === 0) {
      o.status = 1;
      o.endtime = now();
      o.type = o.type || type || channels[0] || "alipay";
    }
    return notifier.send({ outTradeNo: o.outTradeNo, method: "GET", url: o.notifyUrl, params: notifyParams(o) });
  }

  /** Checks shared by submit.php and mapi.php; returns the order or an error message. */
  function createOrder(p: Record<string, string>, needClientIp: boolean): EpayOrder | string {
    const m = merchant(p.pid);
    if (!m) return "PID不存在";
    if (!p.sign || md5Sign(p, m.key) !== p.sign) return "签名校验失败！";
    if (!p.out_trade_no || !p.notify_url || !p.name || !p.money || (needClientIp && !p.clientip)) return "参数不完整";
    if (!validMoney(p.money)) return "金额不合法";
    if (p.type && !channels.includes(p.type)) return "支付方式不存在";
    const existing = byOutTradeNo(m.pid, p.out_trade_no);
    if (existing && existing.status !== 0) return "该订单号已支付";
    if (existing && existing.money !== p.money) return "订单号已存在";
    if (existing) return existing;
    const o: EpayOrder = {
      pid: m.pid,
      tradeNo: platformNo(),
      outTradeNo: p.out_trade_no,
      type: p.type ?? "",
      name: p.name,
      money: p.money,
      notifyUrl: p.notify_url,
      returnUrl: p.return_url ?? "",
      param: p.param ?? "",
      clientIp: p.clientip,
      status: 0,
      addtime: now(),
      endtime: null,
      refundMoney: "0.00",
    };
    orders.set(o.tradeNo, o);
    return o;
  }

  function queryOrder(p: Record<string, string>): Record<string, unknown> {
    if (!p.pid || !p.key || (!p.out_trade_no && !p.trade_no)) return { code: -4, msg: "参数不完整" };
    const m = merchant(p.pid);
    if (!m) return { code: -3, msg: "PID不存在" };
    if (m.key !== p.key) return { code: -2, msg: "KEY校验失败" };
    const asked = p.trade_no ? orders.get(p.trade_no) : byOutTradeNo(m.pid, p.out_trade_no!);
    if (!asked || asked.pid !== m.pid) return { code: -1, msg: "订单号不存在" };
    const o = tamper?.queryOutTradeNo ? (byOutTradeNo(m.pid, tamper.queryOutTradeNo) ?? asked) : asked;
    // PDO: numbers as strings.
    return { code: 1, msg: "查询订单号成功！", trade_no: o.tradeNo, out_trade_no: o.outTradeNo, type: o.type, pid: tamper?.queryPid ?? o.pid, addtime: o.addtime, endtime: o.endtime, name: o.name, money: tamper?.queryMoney ?? o.money, param: o.param, buyer: o.status ? "buyer@example.com" : "", status: String(o.status), refundmoney: o.refundMoney };
  }

  /**
   * api.php?act=refund as the builds that offer it answer (POST pid, key, trade_no or out_trade_no,
   * money, and in newer builds out_refund_no): refuses more than is left to refund, and a repeat with
   * the same out_refund_no is the same refund (answered again, nothing refunded twice). A paid order
   * becomes status 2 with its refunded total.
   */
  function refundOrder(p: Record<string, string>): Record<string, unknown> {
    if (refundApi === "absent") return { code: -5, msg: "No Act!" };
    if (refundApi === "site_off") return { code: -4, msg: "未开启商户后台自助退款" };
    const m = merchant(p.pid);
    if (!m) return { code: -3, msg: "商户ID不存在" };
    if (m.key !== p.key) return { code: -3, msg: "商户密钥错误" };
    if (refundApi === "merchant_off") return { code: -2, msg: "商户未开启订单退款API接口" };
    if (!validMoney(p.money)) return { code: -1, msg: "金额输入错误" };
    let o: EpayOrder | undefined;
    if (p.trade_no) o = orders.get(p.trade_no);
    else if (p.out_trade_no) o = byOutTradeNo(m.pid, p.out_trade_no);
    else return { code: -4, msg: "订单号不能为空" };
    if (!o || o.pid !== m.pid) return { code: -1, msg: "当前订单不存在！" };
    const cents = (s: string) => Math.round(Number(s) * 100);
    const answer = (r: EpayRefund) => ({ code: refundSuccessCode, msg: `退款成功！退款金额¥${r.money}`, refund_no: r.refundNo, out_refund_no: r.outRefundNo, trade_no: r.tradeNo, out_trade_no: r.outTradeNo, money: r.money });
    if (p.out_refund_no) {
      const same = refunds.find((r) => r.outRefundNo === p.out_refund_no);
      if (same) return same.tradeNo === o.tradeNo && cents(same.money) === cents(p.money!) ? answer(same) : { code: -1, msg: "退款单号已用于不同请求" };
    }
    if (o.status === 0) return { code: -1, msg: "该订单状态不支持退款！" };
    if (tamper?.refundRefusal) return { code: -1, msg: tamper.refundRefusal };
    const left = cents(o.money) - cents(o.refundMoney);
    if (left <= 0) return { code: -1, msg: "该订单已全额退款！" };
    if (cents(p.money!) > left) return { code: -1, msg: "退款金额超过剩余可退金额" };
    const refund: EpayRefund = { refundNo: platformNo().slice(0, 19), outRefundNo: p.out_refund_no ?? "", tradeNo: o.tradeNo, outTradeNo: o.outTradeNo, money: (cents(p.money!) / 100).toFixed(2), addtime: now() };
    refunds.push(refund);
    o.status = 2;
    o.refundMoney = ((cents(o.refundMoney) + cents(p.money!)) / 100).toFixed(2);
    return answer(refund);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://sim.local").pathname;
    const { all, form } = await readParams(req);
    if (path === "/submit.php" && (req.method === "GET" || req.method === "POST")) {
      const o = createOrder(all, false);
      return typeof o === "string" ? sendHtml(res, 200, errorPage(o)) : sendHtml(res, 200, cashierPage(o, channels));
    }
    if (path === "/mapi.php" && req.method === "POST") {
      const o = createOrder(all, true);
      if (typeof o === "string") return sendJson(res, 200, { code: -1, msg: o });
      const link = `${base}cashier/${o.tradeNo}`;
      // Exactly one of payurl / qrcode / urlscheme: WeChat gets a QR payload, the rest a link.
      return sendJson(res, 200, { code: 1, msg: "success", trade_no: o.tradeNo, ...(o.type === "wxpay" ? { qrcode: link } : { payurl: link }) });
    }
    if (path === "/api.php") {
      if (all.act === "refund" && tamper?.refundHttpError) return sendHtml(res, tamper.refundHttpError, errorPage("Service unavailable"));
      // The refund API reads its fields from the POST body only, as the PHP does ($_POST).
      if (all.act === "refund") return sendJson(res, 200, req.method === "POST" ? refundOrder({ ...form }) : { code: -4, msg: "订单号不能为空" });
      return sendJson(res, 200, all.act === "order" ? queryOrder(all) : { code: -5, msg: "No Act!" });
    }
    const cashier = /^\/cashier\/(\w+)(\/pay)?$/.exec(path);
    const o = cashier ? orders.get(cashier[1]!) : undefined;
    if (cashier && o && !cashier[2] && req.method === "GET") return sendHtml(res, 200, cashierPage(o, channels));
    if (cashier && o && cashier[2] && req.method === "POST") {
      const n = await markPaid(o, all.type);
      if (!o.returnUrl) return sendHtml(res, 200, errorPage("Paid. (no return_url)"));
      const q = new URLSearchParams(n.params).toString();
      return redirect(res, `${o.returnUrl}${o.returnUrl.includes("?") ? "&" : "?"}${q}`);
    }
    sendHtml(res, 404, errorPage("Not found"));
  }

  const l = await listen(handle, opts);
  base = l.url;
  return {
    url: l.url,
    port: l.port,
    merchants,
    orders: () => [...orders.values()],
    notifications: () => notifier.sent,
    async pay(outTradeNo, o) {
      const order = [...orders.values()].find((x) => x.outTradeNo === outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      return markPaid(order, o?.type);
    },
    setTamper: (t) => void (tamper = t),
    setNotifyMoneyStyle: (s) => void (moneyStyle = s),
    setNotifyRetryDelays: (ms) => notifier.setRetryDelays(ms),
    refunds: () => [...refunds],
    setRefundApi: (api) => void (refundApi = api),
    async close() {
      notifier.close();
      await l.close();
    },
  };
}

// epay v1 (彩虹易支付), protocols.md §3: MD5 signatures, the browser redirect (submit.php), the
// server-side create (mapi.php), the GET notify, the order query (api.php?act=order) and, where the
// build and the merchant offer it, the refund API (api.php?act=refund).
import { createHash } from "node:crypto";
import { constantTimeEqual } from "../../crypto/secrets";
import { unavailable } from "../../errors";
import { log } from "../../logger";
import { gatewayFetch, gatewayJson, withTrailingSlash } from "./gateway-http";
import { decimalToMinor, minorToDecimal } from "./money";

export interface EpayConfig {
  /** Base URL of the platform, e.g. `https://pay.example.com/` (submit.php etc. live below it). */
  gatewayUrl: string;
  pid: string;
  key: string;
  /** Payment types offered to the buyer: `alipay`, `wxpay`, `qqpay`... */
  channels: string[];
}

export interface EpayCreateInput {
  tradeNo: string;
  amountMinor: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  clientIp: string;
  /** Omitted: the platform's cashier lets the buyer choose. */
  channel?: string;
  /** mapi.php only: pc | mobile | qq | wechat | alipay. */
  device?: string;
}

export type EpayNotifyResult =
  | { ok: true; tradeNo: string; providerTradeNo: string; amountMinor: number; paid: boolean; channel: string }
  | { ok: false; reason: "bad_signature" | "wrong_merchant" | "malformed" };

export interface EpayQueryResult { found: boolean; paid: boolean; amountMinor?: number; providerTradeNo?: string }

/** An order's state at the platform: `refunded` is status 2 (newer builds), in part or in full. */
export type EpayOrderState = "not_found" | "unpaid" | "paid" | "refunded";

/**
 * md5 over `k=v&k=v` of every parameter except sign, sign_type and empty values, sorted by key,
 * raw (not URL-encoded) values, with the key appended directly (no `&`, no `key=`).
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== undefined && params[k] !== null && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return createHash("md5").update(text + key, "utf8").digest("hex");
}

/** The platform cuts `name` at about 127 bytes; cutting it ourselves keeps the signature ours. */
export function epayProductName(subject: string, maxBytes = 120): string {
  let out = "";
  for (const ch of subject) {
    if (Buffer.byteLength(out + ch, "utf8") > maxBytes) break;
    out += ch;
  }
  return out || "order";
}

function signedParams(cfg: EpayConfig, input: EpayCreateInput, extra: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = {
    pid: cfg.pid,
    out_trade_no: input.tradeNo,
    notify_url: input.notifyUrl,
    return_url: input.returnUrl,
    name: epayProductName(input.subject),
    money: minorToDecimal(input.amountMinor),
    ...(input.channel ? { type: input.channel } : {}),
    ...extra,
  };
  // Empty values are left out of the signature by the platform; leaving them out of the request too
  // keeps Xboard-style verifiers (which sign `k=`) in agreement.
  for (const k of Object.keys(params)) if (params[k] === "") delete params[k];
  return { ...params, sign: epaySign(params, cfg.key), sign_type: "MD5" };
}

/** The signed submit.php URL the buyer's browser is sent to (no request is made here). */
export async function epayCreate(cfg: EpayConfig, input: EpayCreateInput): Promise<{ payUrl: string }> {
  const url = new URL("submit.php", withTrailingSlash(cfg.gatewayUrl));
  url.search = new URLSearchParams(signedParams(cfg, input)).toString();
  return { payUrl: url.toString() };
}

/** Server-side create through mapi.php: the platform answers with exactly one of payurl, qrcode, urlscheme. */
export async function epayCreateMapi(cfg: EpayConfig, input: EpayCreateInput): Promise<{ payUrl?: string; qrCode?: string; urlScheme?: string; providerTradeNo: string }> {
  const body = new URLSearchParams(signedParams(cfg, input, { clientip: input.clientIp, ...(input.device ? { device: input.device } : {}) }));
  const res = await gatewayFetch("epay", new URL("mapi.php", withTrailingSlash(cfg.gatewayUrl)), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const json = (await gatewayJson("epay", res)) as Record<string, unknown>;
  if (String(json?.code) !== "1") throw refused(json);
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  const providerTradeNo = str(json.trade_no);
  if (!providerTradeNo) throw unavailable("payment_gateway_bad_response", { provider: "epay" });
  return { payUrl: str(json.payurl), qrCode: str(json.qrcode), urlScheme: str(json.urlscheme), providerTradeNo };
}

const refused = (json: Record<string, unknown> | null | undefined) =>
  unavailable("payment_gateway_refused", { provider: "epay", detail: String(json?.msg ?? json?.code ?? "?").slice(0, 200), gatewayCode: json?.code });

/**
 * Verifies a notify (GET query or POST form, as received). Order of checks: the signature proves
 * who sent it, then it must be for our merchant, then its fields must make sense. The amount is
 * read from the string exactly as sent ("10", "10.5" and "10.00" are all valid spellings).
 */
export function epayVerifyNotify(cfg: EpayConfig, params: Record<string, string>): EpayNotifyResult {
  const sign = params.sign;
  if (typeof sign !== "string" || !sign) return { ok: false, reason: "malformed" };
  if (params.sign_type !== undefined && params.sign_type.toUpperCase() !== "MD5") return { ok: false, reason: "malformed" };
  if (!constantTimeEqual(epaySign(params, cfg.key), sign.toLowerCase())) return { ok: false, reason: "bad_signature" };
  if (params.pid !== cfg.pid) return { ok: false, reason: "wrong_merchant" };
  const amountMinor = decimalToMinor(params.money ?? "");
  const { out_trade_no: tradeNo, trade_no: providerTradeNo, trade_status: status } = params;
  if (amountMinor === null || !tradeNo || !providerTradeNo || !status) return { ok: false, reason: "malformed" };
  return { ok: true, tradeNo, providerTradeNo, amountMinor, paid: status === "TRADE_SUCCESS", channel: params.type ?? "" };
}

/** A query-answer field as text: PDO builds send strings, others numbers; anything else is absent. */
const answerText = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined);

/**
 * api.php?act=order: code -1 is "no such order"; every other failure (bad key, unknown pid) throws.
 * The answer is not signed (only the request carries the key), so it is checked whole before use: it
 * must be about the `out_trade_no` asked and our `pid`, with a readable `money`. An answer about
 * another trade or merchant (a platform or proxy mixing up answers, or one shared by merchants)
 * would otherwise mark this trade paid. Whether the amount is the one asked is decided where the
 * payment is recorded (record-payment.ts).
 */
export async function epayQuery(cfg: EpayConfig, tradeNo: string): Promise<EpayQueryResult> {
  const r = await epayOrderAnswer(cfg, tradeNo);
  if (!r) return { found: false, paid: false };
  // Newer builds add 2 = refunded and 3 = frozen (both unpaid).
  return { found: true, paid: r.status === "1", amountMinor: r.amountMinor, providerTradeNo: r.providerTradeNo };
}

/** The same query, read for the refund: whether the platform already refunded the order (status 2). */
export async function epayOrderState(cfg: EpayConfig, tradeNo: string): Promise<EpayOrderState> {
  const r = await epayOrderAnswer(cfg, tradeNo);
  return !r ? "not_found" : r.status === "1" ? "paid" : r.status === "2" ? "refunded" : "unpaid";
}

async function epayOrderAnswer(cfg: EpayConfig, tradeNo: string): Promise<{ status: string | undefined; amountMinor: number; providerTradeNo?: string } | null> {
  const url = new URL("api.php", withTrailingSlash(cfg.gatewayUrl));
  url.search = new URLSearchParams({ act: "order", pid: cfg.pid, key: cfg.key, out_trade_no: tradeNo }).toString();
  const res = await gatewayFetch("epay", url);
  const json = (await gatewayJson("epay", res)) as Record<string, unknown> | null;
  const code = String(json?.code ?? "");
  if (code === "-1") return null;
  if (code !== "1") throw refused(json);
  const answer = json!;
  const money = answerText(answer.money);
  const amountMinor = money === undefined ? null : decimalToMinor(money);
  const mismatch = answerText(answer.out_trade_no) !== tradeNo ? "out_trade_no" : answerText(answer.pid) !== cfg.pid ? "pid" : amountMinor === null ? "money" : null;
  if (mismatch) {
    log.warn("epay query answer refused", { field: mismatch, tradeNo });
    throw unavailable("payment_gateway_answer_mismatch", { provider: "epay", field: mismatch });
  }
  return { status: answerText(answer.status), amountMinor: amountMinor!, providerTradeNo: typeof answer.trade_no === "string" ? answer.trade_no : undefined };
}

/**
 * What a refund request came to: `refunded` (code 0 in newer builds, 1 in older ones), `unsupported`
 * (a build without act=refund, a site or merchant without the refund API), or `refused` with the
 * platform's message. A request that got no readable answer throws.
 */
export type EpayRefundResult = { kind: "refunded"; refundNo?: string } | { kind: "unsupported"; detail: string } | { kind: "refused"; detail: string };

/**
 * api.php?act=refund (POST; the platform reads these fields from the body): pid, key, the platform's
 * `trade_no` when known (some builds lose the trade number on the `out_trade_no` path), else our
 * `out_trade_no`, `money` in yuan, and `out_refund_no` (our refund number: newer builds answer a
 * repeat with the same refund; older ones ignore it, so callers ask `epayOrderState` first).
 */
export async function epayRefund(cfg: EpayConfig, input: { tradeNo: string; providerTradeNo?: string | null; refundNo: string; amountMinor: number }): Promise<EpayRefundResult> {
  const url = new URL("api.php", withTrailingSlash(cfg.gatewayUrl));
  url.search = new URLSearchParams({ act: "refund" }).toString();
  const body = new URLSearchParams({
    pid: cfg.pid,
    key: cfg.key,
    ...(input.providerTradeNo ? { trade_no: input.providerTradeNo } : { out_trade_no: input.tradeNo }),
    money: minorToDecimal(input.amountMinor),
    out_refund_no: input.refundNo,
  });
  const res = await gatewayFetch("epay", url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const json = (await gatewayJson("epay", res)) as Record<string, unknown> | null;
  const code = String(json?.code ?? "");
  const detail = String(json?.msg ?? json?.code ?? "?").slice(0, 200);
  if (code === "0" || code === "1") return { kind: "refunded", ...(typeof json?.refund_no === "string" ? { refundNo: json.refund_no } : {}) };
  // "No Act!" (no refund API in this build), "未开启商户后台自助退款" (the site's operator has it off),
  // "商户未开启订单退款API接口" (this merchant has no refund API).
  if (code === "-5" || /No Act|未开启/i.test(detail)) return { kind: "unsupported", detail };
  if (/^-\d+$/.test(code)) return { kind: "refused", detail };
  throw unavailable("payment_gateway_bad_response", { provider: "epay", status: res.status });
}

// Alipay face-to-face (当面付), protocols.md §4, through the pinned alipay-sdk: precreate returns the
// QR payload, query asks for a trade's state, and notifies are verified with Alipay's public key.
// Every gateway answer is checked against Alipay's signature (`validateSign: true`): an answer we
// cannot verify is treated like no answer.
import { AlipayRequestError, AlipaySdk } from "alipay-sdk";
import { unavailable } from "../../errors";
import { log } from "../../logger";
import { parseRsaPrivateKey, parseRsaPublicKey, privateKeyPkcs8Pem, publicKeySpkiPem } from "./alipay-keys";
import { GATEWAY_TIMEOUT_MS, gatewayNetworkError } from "./gateway-http";
import { decimalToMinor, minorToDecimal } from "./money";

export const ALIPAY_GATEWAY_URL = "https://openapi.alipay.com/gateway.do";

export interface AlipayConfig {
  appId: string;
  /** The app's private key: PEM or bare base64, PKCS#8 or PKCS#1. */
  privateKey: string;
  /** Alipay's public key (not the app's own): PEM or bare base64. */
  alipayPublicKey: string;
  /** `https://openapi.alipay.com/gateway.do`, the sandbox, or a simulator. */
  gatewayUrl: string;
  /**
   * The merchant's Alipay account id (PID, 2088...), when set: a notify whose `seller_id` differs is
   * refused. Alipay asks merchants to check it; an app id alone can be shared by several merchants
   * (a service provider's app), and the signature says only that Alipay sent it.
   */
  sellerId?: string;
}

export type AlipayNotifyResult =
  | { ok: true; tradeNo: string; providerTradeNo: string; amountMinor: number; paid: boolean }
  | { ok: false; reason: "bad_signature" | "wrong_app" | "wrong_seller" | "malformed" };

export interface AlipayQueryResult { found: boolean; paid: boolean; amountMinor?: number; providerTradeNo?: string }

const PROVIDER = "alipay_f2f" as const;
const PAID_STATES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

function sdkFor(cfg: AlipayConfig, timeoutMs = GATEWAY_TIMEOUT_MS): AlipaySdk {
  const priv = parseRsaPrivateKey(cfg.privateKey);
  const pub = parseRsaPublicKey(cfg.alipayPublicKey);
  // The configuration service refuses such keys; a stored one that no longer parses is "not configured".
  if (!priv || !pub || !cfg.appId) throw unavailable("payment_provider_not_configured", { provider: PROVIDER });
  return new AlipaySdk({
    appId: cfg.appId,
    privateKey: privateKeyPkcs8Pem(priv),
    keyType: "PKCS8",
    alipayPublicKey: publicKeySpkiPem(pub),
    gateway: cfg.gatewayUrl || ALIPAY_GATEWAY_URL,
    timeout: timeoutMs,
  });
}

type ExecResult = Record<string, unknown> & { code?: string; msg?: string; subCode?: string; subMsg?: string };

async function exec(cfg: AlipayConfig, method: string, params: Record<string, unknown>): Promise<ExecResult> {
  const sdk = sdkFor(cfg);
  try {
    return (await sdk.exec(method, params, { validateSign: true })) as ExecResult;
  } catch (err) {
    // No body at all: the request never got an answer (refused, reset, timed out).
    if (err instanceof AlipayRequestError && err.responseDataRaw === undefined && err.cause) throw gatewayNetworkError(PROVIDER, err.cause);
    // A non-200 status, a body that is not the expected JSON, or a signature that does not verify.
    throw unavailable("payment_gateway_bad_response", { provider: PROVIDER, status: (err as AlipayRequestError).responseHttpStatus });
  }
}

const refused = (r: ExecResult) =>
  unavailable("payment_gateway_refused", { provider: PROVIDER, detail: [r.subCode ?? r.code, r.subMsg ?? r.msg].filter(Boolean).join(": ").slice(0, 200), gatewayCode: r.subCode ?? r.code });

export async function alipayPrecreate(
  cfg: AlipayConfig,
  input: { tradeNo: string; amountMinor: number; subject: string; notifyUrl: string; timeoutMinutes: number },
): Promise<{ qrCode: string }> {
  const r = await exec(cfg, "alipay.trade.precreate", {
    notify_url: input.notifyUrl,
    bizContent: {
      out_trade_no: input.tradeNo,
      total_amount: minorToDecimal(input.amountMinor),
      subject: input.subject.slice(0, 128),
      timeout_express: `${Math.max(1, Math.floor(input.timeoutMinutes))}m`,
    },
  });
  if (r.code !== "10000") throw refused(r);
  if (typeof r.qrCode !== "string" || !r.qrCode) throw unavailable("payment_gateway_bad_response", { provider: PROVIDER });
  return { qrCode: r.qrCode };
}

/**
 * An order that was precreated but never scanned is ACQ.TRADE_NOT_EXIST: "not found", not an error.
 * A signed answer is still checked to be about the trade that was asked (`out_trade_no`), and its
 * amount to be readable: an answer about another trade (a gateway or proxy mixing up answers) would
 * otherwise mark this one paid. Whether the amount is the one asked is decided where the payment is
 * recorded (record-payment.ts: a different amount is kept for review, never settles).
 */
export async function alipayQuery(cfg: AlipayConfig, tradeNo: string): Promise<AlipayQueryResult> {
  const r = await exec(cfg, "alipay.trade.query", { bizContent: { out_trade_no: tradeNo } });
  if (r.code === "40004" && r.subCode === "ACQ.TRADE_NOT_EXIST") return { found: false, paid: false };
  if (r.code !== "10000") throw refused(r);
  const mismatch = r.outTradeNo !== tradeNo ? "out_trade_no" : typeof r.totalAmount !== "string" || decimalToMinor(r.totalAmount) === null ? "total_amount" : null;
  if (mismatch) {
    log.warn("alipay query answer refused", { field: mismatch, tradeNo });
    throw unavailable("payment_gateway_answer_mismatch", { provider: PROVIDER, field: mismatch });
  }
  const amount = decimalToMinor(r.totalAmount as string)!;
  return {
    found: true,
    paid: PAID_STATES.has(String(r.tradeStatus)),
    amountMinor: amount,
    providerTradeNo: typeof r.tradeNo === "string" ? r.tradeNo : undefined,
  };
}

/**
 * Verifies a notify form (already URL-decoded by the body parser, hence checkNotifySignV2, which
 * does not decode again: a `%` in a subject would otherwise break or change the signed text).
 * The SDK tries the text with and without sign_type; Alipay signs without it.
 */
export function alipayVerifyNotify(cfg: AlipayConfig, form: Record<string, string>): AlipayNotifyResult {
  if (typeof form.sign !== "string" || !form.sign) return { ok: false, reason: "malformed" };
  if (form.sign_type !== undefined && form.sign_type !== "RSA2") return { ok: false, reason: "malformed" };
  const sdk = sdkFor(cfg);
  let valid: boolean;
  try {
    valid = sdk.checkNotifySignV2(form);
  } catch {
    valid = false; // a value the verifier cannot handle is no proof of anything
  }
  if (!valid) return { ok: false, reason: "bad_signature" };
  if (form.app_id !== cfg.appId) return { ok: false, reason: "wrong_app" };
  if (cfg.sellerId && form.seller_id !== cfg.sellerId) return { ok: false, reason: "wrong_seller" };
  const amountMinor = decimalToMinor(form.total_amount ?? "");
  const { out_trade_no: tradeNo, trade_no: providerTradeNo, trade_status: status } = form;
  if (amountMinor === null || !tradeNo || !providerTradeNo || !status) return { ok: false, reason: "malformed" };
  return { ok: true, tradeNo, providerTradeNo, amountMinor, paid: PAID_STATES.has(status) };
}

/**
 * What a refund request came to. `refunded`: Alipay took it (`fundChange` false on a repeat of the
 * same request number, which moves nothing again; Alipay also answers that way while a refund is
 * still being processed, so a caller confirms it with `alipayRefundQuery`). `refused`: a business
 * refusal (more than is left, a closed trade, the merchant's balance short...) that the same
 * request will not overcome. Anything else (no answer, a system error) throws, and may be retried
 * with the same request number.
 */
export type AlipayRefundResult =
  | { kind: "refunded"; fundChange: boolean; refundedTotalMinor: number; providerTradeNo?: string }
  | { kind: "refused"; code: string; detail: string };

/** Codes under which Alipay says "try again" rather than "no" (its refund doc: retry with the same out_request_no). */
const ALIPAY_RETRY_CODES = new Set(["ACQ.SYSTEM_ERROR", "aop.ACQ.SYSTEM_ERROR", "isp.unknow-error", "ACQ.REFUND_NOT_FINISHED"]);
const refusalDetail = (r: ExecResult) => [r.subCode ?? r.code, r.subMsg ?? r.msg].filter(Boolean).join(": ").slice(0, 200);

/**
 * alipay.trade.refund for one trade (our `out_trade_no`), with `out_request_no` = our refund number:
 * Alipay treats a repeat of the same request number as the same refund, so a retry after a lost
 * answer or a crash never pays back twice. The answer is signed (checked by exec) and must be about
 * the trade asked.
 */
export async function alipayRefund(cfg: AlipayConfig, input: { tradeNo: string; refundNo: string; amountMinor: number; reason?: string }): Promise<AlipayRefundResult> {
  const r = await exec(cfg, "alipay.trade.refund", {
    bizContent: {
      out_trade_no: input.tradeNo,
      refund_amount: minorToDecimal(input.amountMinor),
      out_request_no: input.refundNo,
      ...(input.reason ? { refund_reason: input.reason.slice(0, 256) } : {}),
    },
  });
  if (r.code === "10000") {
    const total = typeof r.refundFee === "string" ? decimalToMinor(r.refundFee) : null;
    if (r.outTradeNo !== input.tradeNo || total === null) {
      log.warn("alipay refund answer refused", { field: r.outTradeNo !== input.tradeNo ? "out_trade_no" : "refund_fee", tradeNo: input.tradeNo });
      throw unavailable("payment_gateway_answer_mismatch", { provider: PROVIDER, field: r.outTradeNo !== input.tradeNo ? "out_trade_no" : "refund_fee" });
    }
    return { kind: "refunded", fundChange: r.fundChange === "Y", refundedTotalMinor: total, providerTradeNo: typeof r.tradeNo === "string" ? r.tradeNo : undefined };
  }
  // 40001/40002: a request Alipay would not read (a key or app that is wrong); 40004: a business
  // refusal; 40006: the app may not refund. None moved money, and a repeat would be refused again.
  if (["40001", "40002", "40004", "40006"].includes(String(r.code)) && !ALIPAY_RETRY_CODES.has(String(r.subCode))) return { kind: "refused", code: String(r.subCode ?? r.code), detail: refusalDetail(r) };
  // 20000 (service unavailable) or a system error: not a "no"; the same request may be sent again.
  throw refused(r);
}

/**
 * alipay.trade.fastpay.refund.query: whether the refund request `refundNo` of the trade went
 * through (`refund_status` REFUND_SUCCESS). Alipay answers success without the status for a request
 * it never got or that failed; an unknown trade is "not refunded" too.
 */
export async function alipayRefundQuery(cfg: AlipayConfig, input: { tradeNo: string; refundNo: string }): Promise<{ refunded: boolean; amountMinor?: number }> {
  const r = await exec(cfg, "alipay.trade.fastpay.refund.query", { bizContent: { out_trade_no: input.tradeNo, out_request_no: input.refundNo } });
  if (r.code === "40004" && r.subCode === "ACQ.TRADE_NOT_EXIST") return { refunded: false };
  if (r.code !== "10000") throw refused(r);
  if (r.refundStatus !== "REFUND_SUCCESS") return { refunded: false };
  if (r.outTradeNo !== input.tradeNo || (r.outRequestNo !== undefined && r.outRequestNo !== input.refundNo)) {
    log.warn("alipay refund query answer refused", { field: "out_trade_no", tradeNo: input.tradeNo });
    throw unavailable("payment_gateway_answer_mismatch", { provider: PROVIDER, field: "out_trade_no" });
  }
  const amountMinor = typeof r.refundAmount === "string" ? decimalToMinor(r.refundAmount) : null;
  return { refunded: true, ...(amountMinor !== null ? { amountMinor } : {}) };
}

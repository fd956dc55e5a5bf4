// One way to call a payment gateway over HTTP: a deadline on every request, and network failures
// turned into DomainErrors that name the provider and nothing else. Request URLs carry merchant
// keys (epay's api.php takes `key` in the query), so neither the URL nor the cause's message is
// ever copied into an error or a log line.
import { unavailable } from "../../errors";

export type GatewayName = "epay" | "alipay_f2f" | "usdt_trc20";

export const GATEWAY_TIMEOUT_MS = 10_000;

const isTimeout = (err: unknown) => {
  const name = (err as { name?: string } | null)?.name ?? "";
  return name === "TimeoutError" || name === "AbortError" || /timeout/i.test(name);
};

export function gatewayNetworkError(provider: GatewayName, err: unknown, timeoutMs = GATEWAY_TIMEOUT_MS) {
  return isTimeout(err)
    ? unavailable("payment_gateway_timeout", { provider, seconds: Math.round(timeoutMs / 1000) })
    : unavailable("payment_gateway_unreachable", { provider });
}

export async function gatewayFetch(provider: GatewayName, url: string | URL, init: RequestInit = {}, timeoutMs = GATEWAY_TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw gatewayNetworkError(provider, err, timeoutMs);
  }
}

/** The body as JSON; an unreadable body (an HTML error page, a cut connection) is a bad response. */
export async function gatewayJson(provider: GatewayName, res: Response, timeoutMs = GATEWAY_TIMEOUT_MS): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw gatewayNetworkError(provider, err, timeoutMs);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unavailable("payment_gateway_bad_response", { provider, status: res.status });
  }
}

/** Base URLs are stored as the operator typed them; "http://h/epay" must still mean "http://h/epay/". */
export const withTrailingSlash = (base: string) => (base.endsWith("/") ? base : `${base}/`);

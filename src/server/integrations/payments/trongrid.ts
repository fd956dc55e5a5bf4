// Incoming USDT-TRC20 transfers from TronGrid's v1 API (protocols.md §5). Only transfers of the
// configured contract to our own address count; amounts stay integer micro-units end to end.
import { unavailable } from "../../errors";
import { log } from "../../logger";
import { gatewayFetch, gatewayJson } from "./gateway-http";

export const USDT_TRC20_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const TRONGRID_API_URL = "https://api.trongrid.io";
/** TRON makes a block about every 3 s; 19 blocks is "solidified" (only_confirmed). */
export const TRON_BLOCK_MS = 3_000;
export const TRON_SOLID_CONFIRMATIONS = 19;
const PAGE_LIMIT = 200;
/** 25 pages x 200 rows: far beyond one poll window of a shop; stops a runaway cursor loop. */
const MAX_PAGES = 25;

export interface TronConfig {
  apiUrl: string;
  apiKey?: string;
  /** Our receiving address (T...). */
  address: string;
  /** The TRC20 contract; the USDT mainnet contract when omitted (testnets have their own). */
  contract?: string;
  minConfirmations: number;
}

export interface IncomingTransfer { txId: string; from: string; amountMicro: number; blockTimestampMs: number }

interface Row {
  transaction_id?: unknown;
  token_info?: { address?: unknown };
  block_timestamp?: unknown;
  from?: unknown;
  to?: unknown;
  type?: unknown;
  value?: unknown;
}

const PROVIDER = "usdt_trc20" as const;

/** "suspended for 30s" in TronGrid's body, or Retry-After; 30 s when neither says. */
function retryAfterSeconds(res: Response, body: string): number {
  const header = Number(res.headers.get("retry-after"));
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const m = /suspended for (\d+)\s*s/i.exec(body);
  return m ? Number(m[1]) : 30;
}

function transferOf(row: Row, address: string, contract: string): IncomingTransfer | null {
  if (row.type !== "Transfer" || row.to !== address || row.token_info?.address !== contract) return null;
  if (typeof row.transaction_id !== "string" || typeof row.from !== "string" || typeof row.block_timestamp !== "number") return null;
  // `value` is a decimal string of micro-units; anything else (a float, an exponent, a huge number) is not a receipt we can match exactly.
  if (typeof row.value !== "string" || !/^\d{1,15}$/.test(row.value)) return null;
  return { txId: row.transaction_id, from: row.from, amountMicro: Number(row.value), blockTimestampMs: row.block_timestamp };
}

/**
 * Transfers to `cfg.address` since `sinceMs`, newest first, deduplicated by transaction id.
 *
 * Confirmations: at 19 or more we ask TronGrid for solidified rows only (`only_confirmed=true`);
 * at 0 everything counts, unconfirmed included. In between, this endpoint gives no block number
 * (so no exact confirmation count), only the block time: a row is kept once its block is at least
 * `minConfirmations * 3 s` old, the time that many blocks take to be produced.
 */
export async function listIncomingUsdt(cfg: TronConfig, opts: { sinceMs: number; now?: number }): Promise<IncomingTransfer[]> {
  const contract = cfg.contract || USDT_TRC20_CONTRACT;
  const now = opts.now ?? Date.now();
  const url = new URL(`v1/accounts/${encodeURIComponent(cfg.address)}/transactions/trc20`, cfg.apiUrl.endsWith("/") ? cfg.apiUrl : `${cfg.apiUrl}/`);
  const base = new URLSearchParams({ only_to: "true", limit: String(PAGE_LIMIT), contract_address: contract, min_timestamp: String(Math.max(0, Math.floor(opts.sinceMs))) });
  if (cfg.minConfirmations >= TRON_SOLID_CONFIRMATIONS) base.set("only_confirmed", "true");
  const headers: Record<string, string> = { accept: "application/json", ...(cfg.apiKey ? { "TRON-PRO-API-KEY": cfg.apiKey } : {}) };
  const minAgeMs = cfg.minConfirmations > 0 && cfg.minConfirmations < TRON_SOLID_CONFIRMATIONS ? cfg.minConfirmations * TRON_BLOCK_MS : 0;

  const seen = new Map<string, IncomingTransfer>();
  let fingerprint: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams(base);
    // Follow the cursor on our own URL rather than links.next, so the API key only ever goes to the configured host.
    if (fingerprint) q.set("fingerprint", fingerprint);
    url.search = q.toString();
    const res = await gatewayFetch(PROVIDER, url, { headers });
    if (res.status === 403 || res.status === 429 || res.status === 503) {
      const body = await res.text().catch(() => "");
      throw unavailable("payment_gateway_rate_limited", { provider: PROVIDER, status: res.status, retryAfterSeconds: retryAfterSeconds(res, body) });
    }
    const json = (await gatewayJson(PROVIDER, res)) as { success?: unknown; error?: unknown; data?: unknown; meta?: { fingerprint?: unknown } } | null;
    if (!res.ok || json?.success !== true || !Array.isArray(json.data)) {
      if (typeof json?.error === "string") throw unavailable("payment_gateway_refused", { provider: PROVIDER, detail: json.error.slice(0, 200), status: res.status });
      throw unavailable("payment_gateway_bad_response", { provider: PROVIDER, status: res.status });
    }
    for (const row of json.data as Row[]) {
      const t = transferOf(row, cfg.address, contract);
      if (!t || t.blockTimestampMs < opts.sinceMs || now - t.blockTimestampMs < minAgeMs) continue;
      if (!seen.has(t.txId)) seen.set(t.txId, t);
    }
    const next = json.meta?.fingerprint;
    if (typeof next !== "string" || !next) return [...seen.values()];
    fingerprint = next;
  }
  // Newest rows come first, so what is cut off is the oldest part of the window.
  log.warn("trongrid listing stopped at the page limit", { pages: MAX_PAGES, rows: seen.size });
  return [...seen.values()];
}

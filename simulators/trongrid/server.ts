// TronGrid's v1 "TRC-20 transactions of an account" over real HTTP (protocols.md §5):
// GET /v1/accounts/:address/transactions/trc20 with its filters, pagination by `fingerprint`
// (meta.fingerprint and links.next only when another page exists), the TRON-PRO-API-KEY header,
// and an optional rate-limit mode answering like an exhausted key.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, sendJson } from "../common/http";
import { randomTronAddress } from "./address";

export { randomTronAddress };

export const SIM_USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export interface SimTransfer {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
  /** Not in TronGrid's row: whether the block is solidified. */
  confirmed: boolean;
}

export interface AddTransferInput {
  to: string;
  from?: string;
  /** Integer micro-units (12.5 USDT = 12_500_000); a string is sent as-is (to test odd values). */
  amountMicro: number | string;
  contract?: string;
  type?: string;
  confirmed?: boolean;
  blockTimestampMs?: number;
}

export interface TronGridSimulatorOptions {
  port?: number;
  host?: string;
  /** When set, requests without this TRON-PRO-API-KEY get 401. */
  apiKey?: string;
}

export interface TronGridRequest { path: string; query: Record<string, string>; apiKey?: string; status: number }

export interface TronGridSimulator {
  url: string;
  port: number;
  addTransfer(t: AddTransferInput): string;
  confirm(txId: string): void;
  transfers(): SimTransfer[];
  requests: TronGridRequest[];
  /** Answer every request with this status (403, 429 or 503) like an exhausted key; null to stop. */
  setRateLimited(status: 403 | 429 | 503 | null, suspendSeconds?: number): void;
  close(): Promise<void>;
}

const bool = (v: string | undefined) => v === "true";

export async function startTronGridSimulator(opts: TronGridSimulatorOptions = {}): Promise<TronGridSimulator> {
  const rows: SimTransfer[] = [];
  const requests: TronGridRequest[] = [];
  let limited: { status: number; seconds: number } | null = null;
  let base = "";

  function addTransfer(t: AddTransferInput): string {
    const id = createHash("sha256").update(randomBytes(32)).digest("hex");
    const contract = t.contract ?? SIM_USDT_CONTRACT;
    rows.push({
      transaction_id: id,
      token_info: contract === SIM_USDT_CONTRACT ? { symbol: "USDT", address: contract, decimals: 6, name: "Tether USD" } : { symbol: "TKN", address: contract, decimals: 6, name: "Other Token" },
      block_timestamp: t.blockTimestampMs ?? Date.now(),
      from: t.from ?? randomTronAddress(),
      to: t.to,
      type: t.type ?? "Transfer",
      value: String(t.amountMicro),
      confirmed: t.confirmed ?? true,
    });
    return id;
  }

  function list(address: string, q: Record<string, string>): { status: number; body: unknown } {
    if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return { status: 400, body: { success: false, error: `Invalid address: ${address}`, statusCode: 400 } };
    if (bool(q.only_confirmed) && bool(q.only_unconfirmed)) return { status: 400, body: { success: false, error: "only_confirmed and only_unconfirmed cannot both be true", statusCode: 400 } };
    const limit = q.limit === undefined ? 20 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return { status: 400, body: { success: false, error: "limit must be between 1 and 200", statusCode: 400 } };
    const order = q.order_by ?? "block_timestamp,desc";
    if (order !== "block_timestamp,desc" && order !== "block_timestamp,asc") return { status: 400, body: { success: false, error: `Invalid order_by: ${order}`, statusCode: 400 } };
    let offset = 0;
    if (q.fingerprint) {
      const decoded = Number(Buffer.from(q.fingerprint, "base64url").toString("utf8").replace(/^o:/, ""));
      if (!Number.isInteger(decoded) || decoded < 0) return { status: 400, body: { success: false, error: "Invalid fingerprint", statusCode: 400 } };
      offset = decoded;
    }
    const min = q.min_timestamp ? Number(q.min_timestamp) : -Infinity;
    const max = q.max_timestamp ? Number(q.max_timestamp) : Infinity;
    const match = rows
      .filter((r) => r.to === address || r.from === address)
      .filter((r) => !bool(q.only_to) || r.to === address)
      .filter((r) => !bool(q.only_from) || r.from === address)
      .filter((r) => !bool(q.only_confirmed) || r.confirmed)
      .filter((r) => !bool(q.only_unconfirmed) || !r.confirmed)
      .filter((r) => !q.contract_address || r.token_info.address === q.contract_address)
      .filter((r) => r.block_timestamp >= min && r.block_timestamp <= max)
      .sort((a, b) => (order.endsWith("asc") ? a.block_timestamp - b.block_timestamp : b.block_timestamp - a.block_timestamp));
    const page = match.slice(offset, offset + limit);
    const more = offset + limit < match.length;
    const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
    if (more) {
      const fingerprint = Buffer.from(`o:${offset + limit}`).toString("base64url");
      const next = new URL(`v1/accounts/${address}/transactions/trc20`, base);
      next.search = new URLSearchParams({ ...q, fingerprint }).toString();
      meta.fingerprint = fingerprint;
      meta.links = { next: next.toString() };
    }
    return { status: 200, body: { data: page.map(({ confirmed: _c, ...r }) => r), success: true, meta } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sim.local");
    const query = Object.fromEntries(url.searchParams);
    const apiKey = req.headers["tron-pro-api-key"] as string | undefined;
    const record = (status: number) => requests.push({ path: url.pathname, query, apiKey, status });
    if (limited) {
      record(limited.status);
      return sendJson(res, limited.status, { success: false, error: `The key exceeds the frequency limit(15), and the query server is suspended for ${limited.seconds}s`, statusCode: limited.status });
    }
    if (opts.apiKey && apiKey !== opts.apiKey) {
      record(401);
      return sendJson(res, 401, { success: false, error: "ApiKey not exists", statusCode: 401 });
    }
    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (!m || req.method !== "GET") {
      record(404);
      return sendJson(res, 404, { success: false, error: "Not Found", statusCode: 404 });
    }
    const out = list(decodeURIComponent(m[1]!), query);
    record(out.status);
    sendJson(res, out.status, out.body);
  }

  const l = await listen(handle, opts);
  base = l.url;
  return {
    url: l.url,
    port: l.port,
    addTransfer,
    confirm(txId) {
      const r = rows.find((x) => x.transaction_id === txId);
      if (r) r.confirmed = true;
    },
    transfers: () => rows,
    requests,
    setRateLimited(status, suspendSeconds = 30) {
      limited = status ? { status, seconds: suspendSeconds } : null;
    },
    close: () => l.close(),
  };
}

// Cloudflare Turnstile siteverify over real HTTP (protocols.md §6): form-urlencoded or JSON bodies,
// the documented dummy secrets, and a "production" secret that only accepts tokens minted here,
// each valid for 300 s and single use (a second check answers timeout-or-duplicate).
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SITEVERIFY_PATH = "/turnstile/v0/siteverify";
/** Not part of Cloudflare's API: lets a test or the demo in another process mint a token (POST). */
export const ISSUE_TOKEN_PATH = "/__sim/issue-token";
export const DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";
export const DUMMY_SECRETS = {
  pass: "1x0000000000000000000000000000000AA",
  fail: "2x0000000000000000000000000000000AA",
  spent: "3x0000000000000000000000000000000AA",
} as const;
export const DUMMY_SITEKEYS = { pass: "1x00000000000000000000AA", block: "2x00000000000000000000AB" } as const;
export const DEFAULT_PRODUCTION_SECRET = "0x4AAAAAAASimulatorSecretKeyRelayboard";
export const DEFAULT_PRODUCTION_SITEKEY = "0x4AAAAAAASimulatorSiteKey";
const MAX_TOKEN_LENGTH = 2048;
const MAX_BODY_BYTES = 64 * 1024;

export interface SiteverifyResponse {
  success: boolean;
  "error-codes": string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
  metadata?: Record<string, unknown>;
}

export interface SiteverifyRequest {
  format: "form" | "json" | "other";
  secret?: string;
  response?: string;
  remoteip?: string;
  idempotencyKey?: string;
  answer: SiteverifyResponse;
}

export interface TurnstileSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The site's real secret: accepts only tokens from issueToken(). */
  secret?: string;
  /** Token lifetime, 300 s like Cloudflare. */
  tokenTtlSeconds?: number;
  hostname?: string;
}

export interface IssueTokenOptions { action?: string; cdata?: string; hostname?: string; remoteip?: string }

export interface TurnstileSimulator {
  /** The full siteverify URL, ready for TURNSTILE_VERIFY_URL. */
  url: string;
  port: number;
  secret: string;
  siteKey: string;
  /** Every siteverify request seen, with the answer given. */
  requests: SiteverifyRequest[];
  /** A token as the widget would produce it after a solved challenge. */
  issueToken(opts?: IssueTokenOptions): string;
  /** Delay every answer (to exercise client timeouts). */
  setResponseDelay(ms: number): void;
  close(): Promise<void>;
}

interface Minted { issuedAt: number; spent: boolean; opts: IssueTokenOptions }

const fail = (...codes: string[]): SiteverifyResponse => ({ success: false, "error-codes": codes });

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c); // past the cap: keep draining, answer 413 at the end
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

type Fields = Partial<Record<"secret" | "response" | "remoteip" | "idempotency_key", string>>;
const FIELD_NAMES = ["secret", "response", "remoteip", "idempotency_key"] as const;

/** JSON, form-urlencoded or multipart (what `FormData` sends): the formats siteverify accepts. */
async function parseFields(contentType: string, body: Buffer): Promise<{ format: SiteverifyRequest["format"]; fields?: Fields }> {
  const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? undefined : String(v));
  if (contentType.includes("application/json")) {
    try {
      const o = JSON.parse(body.toString("utf8")) as unknown;
      if (typeof o !== "object" || o === null || Array.isArray(o)) return { format: "json" };
      const rec = o as Record<string, unknown>;
      return { format: "json", fields: Object.fromEntries(FIELD_NAMES.map((k) => [k, str(rec[k])])) as Fields };
    } catch {
      return { format: "json" };
    }
  }
  if (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data")) {
    try {
      const form = await new Request("http://siteverify.local/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
      return { format: "form", fields: Object.fromEntries(FIELD_NAMES.map((k) => [k, str(form.get(k) ?? undefined)])) as Fields };
    } catch {
      return { format: "form" };
    }
  }
  return { format: "other" };
}

export async function startTurnstileSimulator(opts: TurnstileSimulatorOptions = {}): Promise<TurnstileSimulator> {
  const secret = opts.secret ?? DEFAULT_PRODUCTION_SECRET;
  const ttlMs = (opts.tokenTtlSeconds ?? 300) * 1000;
  const hostname = opts.hostname ?? "localhost";
  const minted = new Map<string, Minted>();
  // idempotency_key -> the first answer, so a retried request gets the same answer (protocols.md §6).
  const idempotent = new Map<string, { response: string; answer: SiteverifyResponse }>();
  const requests: SiteverifyRequest[] = [];
  let delayMs = 0;

  const success = (m?: Minted): SiteverifyResponse => ({
    success: true,
    "error-codes": [],
    challenge_ts: new Date(m?.issuedAt ?? Date.now()).toISOString(),
    hostname: m?.opts.hostname ?? hostname,
    action: m?.opts.action ?? "",
    cdata: m?.opts.cdata ?? "",
    metadata: { interactive: false },
  });

  function verify(f: Fields): SiteverifyResponse {
    const missing = [...(f.secret ? [] : ["missing-input-secret"]), ...(f.response ? [] : ["missing-input-response"])];
    if (missing.length) return fail(...missing);
    const token = f.response!;
    if (token.length > MAX_TOKEN_LENGTH) return fail("invalid-input-response");
    if (f.idempotency_key) {
      const prior = idempotent.get(f.idempotency_key);
      if (prior && prior.response === token) return prior.answer;
    }
    let answer: SiteverifyResponse;
    if (f.secret === DUMMY_SECRETS.pass) answer = success();
    else if (f.secret === DUMMY_SECRETS.fail) answer = fail("invalid-input-response");
    else if (f.secret === DUMMY_SECRETS.spent) answer = fail("timeout-or-duplicate");
    else if (f.secret !== secret) answer = fail("invalid-input-secret");
    else {
      const m = minted.get(token);
      if (!m) answer = fail("invalid-input-response"); // includes the dummy token: production secrets reject it
      else if (m.spent || Date.now() - m.issuedAt > ttlMs) answer = fail("timeout-or-duplicate");
      else {
        m.spent = true;
        answer = success(m);
      }
    }
    if (f.idempotency_key) idempotent.set(f.idempotency_key, { response: token, answer });
    return answer;
  }

  function issueToken(o: IssueTokenOptions = {}): string {
    // Shaped like real tokens: long, dotted, URL-safe.
    const token = `0.${randomBytes(48).toString("base64url")}.${randomUUID()}`;
    minted.set(token, { issuedAt: Date.now(), spent: false, opts: o });
    return token;
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(json) });
    res.end(json);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0];
      if (path === ISSUE_TOKEN_PATH && req.method === "POST") return send(res, 200, { token: issueToken() });
      if (path !== SITEVERIFY_PATH) return send(res, 404, { success: false, "error-codes": ["not-found"] });
      if (req.method !== "POST") return send(res, 405, fail("bad-request"));
      const body = await readBody(req);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) return;
      if (body === undefined) return send(res, 413, fail("bad-request"));
      const { format, fields } = await parseFields(String(req.headers["content-type"] ?? ""), body);
      const answer = fields ? verify(fields) : fail("bad-request");
      requests.push({ format, secret: fields?.secret, response: fields?.response, remoteip: fields?.remoteip, idempotencyKey: fields?.idempotency_key, answer });
      send(res, fields ? 200 : 400, answer);
    })().catch(() => {
      if (!res.headersSent) send(res, 500, fail("internal-error"));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== "0.0.0.0" ? opts.host : "127.0.0.1";

  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${SITEVERIFY_PATH}`,
    port,
    secret,
    siteKey: DEFAULT_PRODUCTION_SITEKEY,
    requests,
    issueToken,
    setResponseDelay(ms: number) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

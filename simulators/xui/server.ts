// A 3x-ui panel over real HTTP (protocols.md §1.1-1.3): web base path, `3x-ui` session cookie, bare
// 404 for the API without a session, HTTP 200 envelopes, gzip when asked. `shape` picks the route
// layout: v2.8.11's, or the newest 3x-ui's (client routes under /panel/api/clients, settings under
// /panel/api, a CSRF-guarded login); each shape 404s the other's routes. An apiToken adds Bearer auth.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { SimInboundSeed } from "./model";
import { handleClientsApi } from "./routes-clients";
import { fail, handleInboundsApi, ok, type Envelope, type ParsedBody } from "./routes-inbounds";
import { handleSettingsRoute, serverStatus, settingsPrefix, type XuiShape } from "./routes-settings";
import { XuiState } from "./state";

export interface XuiSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Web base path; "abc" and "/abc/" both mean "/abc/" (GetBasePath). Default "/". */
  basePath?: string;
  username: string;
  password: string;
  inbounds?: SimInboundSeed[];
  /** Default 360 minutes, like the panel's sessionMaxAge. */
  sessionMaxAgeMinutes?: number;
  /** Emulate <= v2.8.3's checkLogin: 307 to the base path (401 JSON for XHR) instead of a bare 404. */
  legacyAuth?: boolean;
  /** Login body formats the panel binds; ["form"] emulates a front that ignores JSON bodies. */
  loginFormats?: ("json" | "form")[];
  /** Accept `Authorization: Bearer <apiToken>` on /panel/api/* (3x-ui v3.0+). */
  apiToken?: string;
  /**
   * Route layout. "v2.8": v2.8.11's (with an apiToken it is v3.0.x: Bearer and a CSRF-guarded login,
   * but still the old routes).
   * "latest": the 3x-ui main branch of 2026-08-23 (v3.3.0+ layout, per-client `limitHwid`). Default:
   * "latest" when an apiToken is set, else "v2.8".
   */
  shape?: XuiShape;
  /** What `server/status` reports as `panelVersion` in the latest shape; default "3.6.0". */
  panelVersion?: string;
}

export interface LoginAttempt {
  format: "json" | "form" | "other";
  success: boolean;
}

export interface XuiSimulator {
  url: string;
  shape: XuiShape;
  port: number;
  basePath: string;
  state: XuiState;
  loginAttempts: LoginAttempt[];
  /** Every API request seen, as "METHOD path" below the base path (for assertions). */
  requests: string[];
  addTraffic(email: string, up: number, down: number): void;
  /** Forget every session, as if the cookies had expired or the panel had restarted. */
  expireSessions(): void;
  /** Delay every answer (to exercise client timeouts). */
  setResponseDelay(ms: number): void;
  /** Stop listening and drop connections: the panel is "down". */
  close(): Promise<void>;
}

export const COOKIE_NAME = "3x-ui";

export function normalizeBasePath(p = "/"): string {
  const trimmed = p.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (text === "" && req.method === "GET") return { kind: "none" };
  if (type.includes("application/json")) {
    try {
      return { kind: "json", value: JSON.parse(text) as unknown };
    } catch {
      return { kind: "invalid" };
    }
  }
  if (type.includes("application/x-www-form-urlencoded")) return { kind: "form", value: new URLSearchParams(text) };
  return text === "" ? { kind: "none" } : { kind: "invalid" };
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  envelope: Envelope,
  headers: Record<string, string | string[]> = {},
  status = 200,
): void {
  let body: Buffer = Buffer.from(JSON.stringify(envelope));
  const out: Record<string, string | string[]> = { "content-type": "application/json; charset=utf-8", ...headers };
  if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    body = gzipSync(body);
    out["content-encoding"] = "gzip";
  }
  res.writeHead(status, { ...out, "content-length": String(body.length) }).end(body);
}

function bare(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-length": "0", ...headers }).end();
}

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startXuiSimulator(options: XuiSimulatorOptions): Promise<XuiSimulator> {
  const basePath = normalizeBasePath(options.basePath);
  const maxAgeSec = (options.sessionMaxAgeMinutes ?? 360) * 60;
  const formats = options.loginFormats ?? ["json", "form"];
  const state = new XuiState(options.inbounds ?? []);
  const shape: XuiShape = options.shape ?? (options.apiToken ? "latest" : "v2.8");
  const latest = shape === "latest";
  const v3 = latest || !!options.apiToken;
  const sessions = new Map<string, number>();
  const loginAttempts: LoginAttempt[] = [];
  const requests: string[] = [];
  let delayMs = 0;

  const loggedIn = (req: IncomingMessage) => {
    const token = cookieValue(req, COOKIE_NAME);
    const exp = token ? sessions.get(token) : undefined;
    return exp !== undefined && exp > Date.now();
  };
  const bearerOk = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? "";
    return !!options.apiToken && auth.startsWith("Bearer ") && safeEqual(auth.slice(7), options.apiToken);
  };

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const format = body.kind === "json" ? "json" : body.kind === "form" ? "form" : "other";
    let fields: { username?: unknown; password?: unknown } = {};
    if (body.kind === "invalid") return sendJson(req, res, fail("The Input data format is invalid."));
    if (body.kind === "json" && formats.includes("json")) fields = (body.value ?? {}) as typeof fields;
    if (body.kind === "form" && formats.includes("form")) fields = Object.fromEntries(body.value);
    const { username, password } = fields;
    const attempt = (success: boolean) => loginAttempts.push({ format, success });
    if (typeof username !== "string" || username === "") return attempt(false), sendJson(req, res, fail("Username is required"));
    if (typeof password !== "string" || password === "") return attempt(false), sendJson(req, res, fail("Password is required"));
    if (!safeEqual(username, options.username) || !safeEqual(password, options.password)) {
      attempt(false);
      return sendJson(req, res, fail("Invalid username or password or two-factor code."));
    }
    attempt(true);
    const token = randomBytes(24).toString("base64url");
    sessions.set(token, Date.now() + maxAgeSec * 1000);
    sendJson(req, res, ok(null, " You have successfully logged into your account."), {
      "set-cookie": `${COOKIE_NAME}=${token}; Path=/; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Lax`,
    });
  }

  /** Not logged in: bare 404 since v2.8.4 (XHR gets 401 only in v3.6); checkLogin before that. */
  function rejectUnauthenticated(req: IncomingMessage, res: ServerResponse, isApi: boolean): void {
    const xhr = req.headers["x-requested-with"] === "XMLHttpRequest";
    if (isApi && !options.legacyAuth) return bare(res, 404);
    if (xhr) return sendJson(req, res, fail("Your session has expired, please log in again"), {}, 401);
    bare(res, 307, { location: basePath });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const url = new URL(req.url ?? "/", "http://sim");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return bare(res, 400);
    }
    if (!path.startsWith(basePath)) return bare(res, 404);
    const rel = path.slice(basePath.length);
    const method = req.method ?? "GET";
    // 3x-ui v3 (the only line with API tokens) wants the session's CSRF token on POST /login; we never
    // issue one, so a cookie login always fails there, as for a program that does not fetch it first.
    if (rel === "login" && method === "POST" && v3 && !req.headers["x-csrf-token"]) return bare(res, 403);
    if (rel === "login" && method === "POST") return login(req, res);
    if (rel === "logout" && method === "GET") {
      const token = cookieValue(req, COOKIE_NAME);
      if (token) sessions.delete(token);
      return bare(res, 307, { location: basePath, "set-cookie": `${COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
    }
    if (rel === "getTwoFactorEnable" && method === "POST") return sendJson(req, res, ok(false));
    if (rel === "" && method === "GET") {
      return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>3x-ui</title>");
    }
    if (!rel.startsWith("panel/")) return bare(res, 404);
    const isApi = rel.startsWith("panel/api/");
    if (!(isApi && bearerOk(req)) && !loggedIn(req)) return rejectUnauthenticated(req, res, isApi);
    requests.push(`${method} ${rel}`);
    const prefix = settingsPrefix(shape);
    if (rel.startsWith(prefix)) {
      const envelope = handleSettingsRoute({ method, path: rel.slice(prefix.length) });
      if (envelope) return sendJson(req, res, envelope);
    }
    if (!isApi) {
      if (method !== "GET") return bare(res, 404);
      return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>panel</title>");
    }
    const apiReq = { method, path: rel.slice("panel/api/".length), query: url.searchParams, body: await readBody(req) };
    let envelope: Envelope | null = null;
    if (apiReq.path === "server/status" && method === "GET") envelope = serverStatus(shape, options.panelVersion ?? "3.6.0");
    else if (apiReq.path.startsWith("inbounds/")) envelope = handleInboundsApi(state, apiReq, { v3: latest });
    else if (latest && apiReq.path.startsWith("clients/")) envelope = handleClientsApi(state, apiReq);
    if (!envelope) return bare(res, 404);
    sendJson(req, res, envelope);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error("[xui-sim] handler crashed", e);
      if (!res.headersSent) bare(res, 500);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";

  return {
    url: `http://${host}:${port}${basePath}`,
    shape,
    port,
    basePath,
    state,
    loginAttempts,
    requests,
    addTraffic: (email, up, down) => state.addTraffic(email, up, down),
    expireSessions: () => sessions.clear(),
    setResponseDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

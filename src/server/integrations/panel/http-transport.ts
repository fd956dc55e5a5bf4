// Low-level HTTP to a 3x-ui panel: URL/base-path handling, timeouts, the {success,msg,obj} envelope,
// and the v3 Bearer transport. The cookie-session transport lives in cookie-session.ts.
import { DomainError } from "../../errors";
import { badResponse, badToken, isTransportFailure, transportError } from "./panel-errors";

export interface Envelope {
  success: boolean;
  msg: string;
  obj: unknown;
}

export const INBOUND_LIST_PATH = "panel/api/inbounds/list";

export type PanelBody = { json: unknown } | { form: Record<string, string> };
export type PanelMethod = "GET" | "POST";

/** A way to reach `/panel/api/*` with authentication already handled. */
export interface PanelTransport {
  readonly kind: "v2-cookie" | "v3-bearer";
  call(method: PanelMethod, path: string, body?: PanelBody): Promise<Envelope>;
  /** Forget any session so the next call authenticates afresh (testConnection). */
  reset(): void;
}

export interface HttpSettings {
  /** Always ends in "/" so relative paths resolve under the web base path. */
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * `http://host:2053/abc` and `http://host:2053/abc/` both mean base path `/abc/` (3x-ui's GetBasePath
 * adds the slashes); without the trailing slash, `new URL("login", base)` would drop the base path.
 */
/** The node form's field is `panelUrl`; a URL that is not http(s) cannot be a panel. */
const panelUrlInvalid = () => new DomainError("VALIDATION", "panel_url_invalid", { fields: { panelUrl: "panel_url_format" } });

export function normalizePanelUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw panelUrlInvalid();
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw panelUrlInvalid();
  }
  parsed.search = "";
  parsed.hash = "";
  if (!parsed.pathname.endsWith("/")) parsed.pathname += "/";
  return parsed.toString();
}

function encodeBody(body: PanelBody | undefined): { headers: Record<string, string>; body?: string } {
  if (!body) return { headers: {} };
  if ("json" in body) return { headers: { "content-type": "application/json" }, body: JSON.stringify(body.json) };
  return {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body.form).toString(),
  };
}

/**
 * One request. Redirects are not followed: a 307 to the base path is how older panels say "log in".
 * Network failures and our timeout become UNAVAILABLE (unreachable / timeout).
 */
export async function sendRequest(
  http: HttpSettings,
  method: PanelMethod,
  path: string,
  body?: PanelBody,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const encoded = encodeBody(body);
  try {
    return await http.fetch(new URL(path, http.baseUrl), {
      method,
      headers: { accept: "application/json", ...encoded.headers, ...extraHeaders },
      body: encoded.body,
      redirect: "manual",
      signal: AbortSignal.timeout(http.timeoutMs),
    });
  } catch (e) {
    throw isTransportFailure(e) ? transportError(e, http.timeoutMs) : e;
  }
}

/** Parse `{success,msg,obj}`; returns null for a body that is not an envelope (HTML, empty...). */
export async function tryReadEnvelope(res: Response, timeoutMs: number): Promise<Envelope | null> {
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw isTransportFailure(e) ? transportError(e, timeoutMs) : e;
  }
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === "object" && v !== null && typeof (v as { success?: unknown }).success === "boolean") {
      const e = v as { success: boolean; msg?: unknown; obj?: unknown };
      return { success: e.success, msg: typeof e.msg === "string" ? e.msg : "", obj: e.obj ?? null };
    }
  } catch {
    // not JSON: fall through
  }
  return null;
}

export async function readEnvelope(res: Response, timeoutMs: number): Promise<Envelope> {
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new DomainError("UNAVAILABLE", "panel_http_status", { status: res.status });
  }
  const env = await tryReadEnvelope(res, timeoutMs);
  if (!env) throw badResponse("the body is not a {success,msg,obj} JSON envelope");
  return env;
}

/** 3x-ui v3: `Authorization: Bearer <token>` on /panel/api/* replaces login and bypasses CSRF. */
export class BearerTransport implements PanelTransport {
  readonly kind = "v3-bearer" as const;
  constructor(
    private readonly http: HttpSettings,
    private readonly token: string,
  ) {}

  reset(): void {
    // Stateless: nothing to forget.
  }

  async call(method: PanelMethod, path: string, body?: PanelBody): Promise<Envelope> {
    const res = await sendRequest(this.http, method, path, body, { authorization: `Bearer ${this.token}` });
    // A rejected token is treated like no session: a bare 404 (401 for XHR on v3.6). A 404 can also
    // mean the route is missing (v3.0.x has Bearer but not /panel/api/clients), so probe the list once.
    if (res.status === 404 || res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      if (path !== INBOUND_LIST_PATH && (await this.listAnswers())) {
        throw new DomainError("UNAVAILABLE", "panel_unsupported", { path });
      }
      throw badToken();
    }
    return readEnvelope(res, this.http.timeoutMs);
  }

  private async listAnswers(): Promise<boolean> {
    const res = await sendRequest(this.http, "GET", INBOUND_LIST_PATH, undefined, {
      authorization: `Bearer ${this.token}`,
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status === 200;
  }
}

// 3x-ui v2.x cookie login (protocols.md §1.2-1.3). The session cookie (`3x-ui`; `session` on v2.0) is
// kept in memory only; when the panel stops accepting it we log in again once and retry the call.
import { DomainError } from "../../errors";
import {
  readEnvelope,
  sendRequest,
  tryReadEnvelope,
  type Envelope,
  type HttpSettings,
  type PanelBody,
  type PanelMethod,
  type PanelTransport,
} from "./http-transport";
import { badCredentials, badResponse, cleanPanelMsg, panelMessageError, panelNotFound } from "./panel-errors";

type LoginFormat = "json" | "form";

/**
 * "Not logged in" on /panel/api/*: bare 404 since v2.8.4, 401 JSON for XHR on <= v2.8.3 and v3.6,
 * 307 to the base path otherwise on <= v2.8.3 (some proxies rewrite it to 302).
 */
const SESSION_REJECTED = new Set([404, 401, 307, 302]);

/** Re-login a little before the cookie's Max-Age runs out instead of paying for a rejected call. */
const EXPIRY_MARGIN_MS = 30_000;

export class CookieSessionTransport implements PanelTransport {
  readonly kind = "v2-cookie" as const;
  private cookies = new Map<string, string>();
  private expiresAt = Number.POSITIVE_INFINITY;
  /** JSON first (§1.2: ShouldBind takes either); remember what worked so later logins skip the miss. */
  private formats: LoginFormat[] = ["json", "form"];
  private pendingLogin: Promise<void> | null = null;

  constructor(
    private readonly http: HttpSettings,
    private readonly username: string,
    private readonly password: string,
    private readonly now: () => number = Date.now,
  ) {}

  reset(): void {
    this.cookies.clear();
  }

  async call(method: PanelMethod, path: string, body?: PanelBody): Promise<Envelope> {
    if (!this.hasSession()) await this.login();
    let res = await this.send(method, path, body);
    if (SESSION_REJECTED.has(res.status)) {
      await res.body?.cancel().catch(() => undefined);
      this.reset();
      await this.login();
      res = await this.send(method, path, body);
      if (SESSION_REJECTED.has(res.status)) {
        await res.body?.cancel().catch(() => undefined);
        // A fresh session was refused too: the route does not exist on this panel version.
        if (res.status === 404) throw panelNotFound(path);
        throw new DomainError("UNAVAILABLE", "panel_session_rejected", { status: res.status });
      }
    }
    return readEnvelope(res, this.http.timeoutMs);
  }

  private hasSession(): boolean {
    return this.cookies.size > 0 && this.now() < this.expiresAt - EXPIRY_MARGIN_MS;
  }

  private send(method: PanelMethod, path: string, body?: PanelBody): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return sendRequest(this.http, method, path, body, cookie ? { cookie } : {});
  }

  /** Concurrent callers share one login instead of racing several sessions. */
  login(): Promise<void> {
    this.pendingLogin ??= this.doLogin().finally(() => {
      this.pendingLogin = null;
    });
    return this.pendingLogin;
  }

  private async doLogin(): Promise<void> {
    const creds = { username: this.username, password: this.password };
    let lastMsg = "";
    for (const format of this.formats) {
      const body: PanelBody = format === "json" ? { json: creds } : { form: creds };
      const res = await sendRequest(this.http, "POST", "login", body);
      if (res.status === 404) {
        await res.body?.cancel().catch(() => undefined);
        throw panelNotFound("login");
      }
      // v3 guards POST /login with a per-session CSRF token and answers a bare 403 without it
      // (web/middleware/security.go); for programs it offers API tokens instead.
      if (res.status === 403) {
        await res.body?.cancel().catch(() => undefined);
        throw new DomainError("UNAVAILABLE", "panel_token_required");
      }
      const env = await tryReadEnvelope(res, this.http.timeoutMs);
      if (env?.success) {
        this.storeCookies(res.headers.getSetCookie());
        if (this.cookies.size === 0) throw badResponse("login succeeded but set no session cookie");
        this.formats = format === "json" ? ["json", "form"] : ["form", "json"];
        return;
      }
      // The panel read our fields and said no: the other body format cannot change that.
      if (env && /invalid username or password/i.test(env.msg)) throw badCredentials();
      lastMsg = env ? cleanPanelMsg(env.msg) : `HTTP ${res.status} without a JSON envelope`;
    }
    throw panelMessageError(lastMsg, "login");
  }

  /** Keep name=value pairs; Max-Age<=0 (logout) deletes; the shortest Max-Age bounds the session. */
  private storeCookies(setCookies: string[]): void {
    let maxAgeMs = Number.POSITIVE_INFINITY;
    for (const line of setCookies) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const maxAgeAttr = attrs.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      const maxAge = maxAgeAttr ? Number(maxAgeAttr.slice(8)) : Number.NaN;
      if (value === "" || (Number.isFinite(maxAge) && maxAge <= 0)) {
        this.cookies.delete(name);
        continue;
      }
      this.cookies.set(name, value);
      if (Number.isFinite(maxAge)) maxAgeMs = Math.min(maxAgeMs, maxAge * 1000);
    }
    this.expiresAt = this.now() + maxAgeMs;
  }
}

// The subscription content endpoint served by the custom server itself, before Next.js: it is the
// busiest URL (every client app polls it) and Next's per-request cost would be most of its price.
// It calls the same serveContent the Next route does. When the operator's response rules answer
// "page" (by default: a browser, Accept: text/html, no format=), the request goes on to Next's page
// for people, /subscription-view/<id>, with the same query; "drop" closes the connection unanswered.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/client";
import { log } from "../logger";
import { describeError } from "../describe-error";
import { readDeviceHeaders } from "../services/risk/device-headers";
import { DEFAULT_PATH_PREFIX } from "../services/settings/delivery-domains";
import { lastKnownPathPrefix } from "../services/subscription-content/content-settings";
import { serveContent } from "../services/subscription-content/serve";
import { internalErrorBody } from "./error-body";
import { localeOfHeaders } from "./request-meta";

const PATH = /^(\/.*)\/([^/?#]+)\/?$/;

export type SubscriptionRoute = { kind: "content"; id: string; query: URLSearchParams; pageUrl: string } | null;

/** Whether the custom server answers this request itself (the content endpoint), and for which id. */
export function routeSubscription(req: IncomingMessage): SubscriptionRoute {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const m = PATH.exec(q < 0 ? url : url.slice(0, q));
  // The default path always, and the operator's prefix as last read (main.ts keeps it fresh).
  if (!m || (m[1] !== DEFAULT_PATH_PREFIX && m[1] !== lastKnownPathPrefix())) return null;
  const query = new URLSearchParams(q < 0 ? "" : url.slice(q + 1));
  let id: string;
  try {
    id = decodeURIComponent(m[2]!);
  } catch {
    id = m[2]!; // a malformed escape is just an id that matches nothing
  }
  return { kind: "content", id, query, pageUrl: `/subscription-view/${encodeURIComponent(id)}${q < 0 ? "" : url.slice(q)}` };
}

const headerSource = (req: IncomingMessage) => ({ get: (name: string) => (Array.isArray(req.headers[name]) ? (req.headers[name] as string[])[0]! : ((req.headers[name] as string | undefined) ?? null)) });

/** `toPage`: hands the request, rewritten to this URL, to Next (a rule answered with the browser page). */
export async function serveSubscription(db: Db, req: IncomingMessage, res: ServerResponse, route: NonNullable<SubscriptionRoute>, ip: string, requestId: string, toPage: (url: string) => void): Promise<void> {
  const headers = headerSource(req);
  const locale = localeOfHeaders(headers);
  try {
    const out = await serveContent(db, {
      id: route.id,
      token: route.query.get("token"),
      format: route.query.get("format"),
      userAgent: String(req.headers["user-agent"] ?? ""),
      ip,
      locale,
      device: readDeviceHeaders(headers.get),
      header: headers.get,
      host: String(req.headers.host ?? ""),
    });
    if (out.action === "page") return toPage(route.pageUrl);
    if (out.action === "drop") return void req.socket.destroy();
    const body = Buffer.from(out.body, "utf8");
    res.writeHead(out.status, { ...out.headers, "content-length": String(body.length) });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (err) {
    log.error("subscription content failed", { requestId, error: describeError(err, { stack: true }) });
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(internalErrorBody(locale, requestId)));
  }
}

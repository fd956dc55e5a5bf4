// The subscription content endpoint served by the custom server itself, before Next.js: it is the
// busiest URL (every client app polls it) and Next's per-request cost would be most of its price.
// It calls the same serveContent the Next route does. A browser (Accept: text/html, no format=) is
// sent on to Next's page for people, /subscription-view/<id>, with the same query.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/client";
import { log } from "../logger";
import { describeError } from "../describe-error";
import { readDeviceHeaders } from "../services/risk/device-headers";
import { serveContent } from "../services/subscription-content/serve";
import { internalErrorBody } from "./error-body";
import { localeOfHeaders } from "./request-meta";

const PATH = /^\/api\/subscription\/([^/?#]+)\/?$/;

export type SubscriptionRoute = { kind: "content"; id: string; query: URLSearchParams } | { kind: "page"; url: string } | null;

/** What the custom server does with this request: serve content, rewrite to the page, or nothing. */
export function routeSubscription(req: IncomingMessage): SubscriptionRoute {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const m = PATH.exec(q < 0 ? url : url.slice(0, q));
  if (!m) return null;
  const query = new URLSearchParams(q < 0 ? "" : url.slice(q + 1));
  const id = decodeURIComponent(m[1]!);
  const accept = String(req.headers.accept ?? "");
  if (accept.includes("text/html") && !query.has("format")) return { kind: "page", url: `/subscription-view/${encodeURIComponent(id)}${q < 0 ? "" : url.slice(q)}` };
  return { kind: "content", id, query };
}

const headerSource = (req: IncomingMessage) => ({ get: (name: string) => (Array.isArray(req.headers[name]) ? (req.headers[name] as string[])[0]! : ((req.headers[name] as string | undefined) ?? null)) });

export async function serveSubscription(db: Db, req: IncomingMessage, res: ServerResponse, route: Extract<SubscriptionRoute, { kind: "content" }>, ip: string, requestId: string): Promise<void> {
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
    });
    const body = Buffer.from(out.body, "utf8");
    res.writeHead(out.status, { ...out.headers, "content-length": String(body.length) });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (err) {
    log.error("subscription content failed", { requestId, error: describeError(err, { stack: true }) });
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(internalErrorBody(locale, requestId)));
  }
}

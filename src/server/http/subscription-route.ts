// The Next.js side of the content endpoint. In production the custom server answers these URLs
// before Next (subscription-handler.ts); this route serves them when Next runs on its own (dev
// tools, tests of the app router) and calls the same pipeline.
import { getDb } from "../db/client";
import { readDeviceHeaders } from "../services/risk/device-headers";
import { serveContent } from "../services/subscription-content/serve";
import { localeOfHeaders, requestMeta } from "./request-meta";

export async function subscriptionGet(req: Request, id: string): Promise<Response> {
  const url = new URL(req.url);
  const { ip } = requestMeta(req.headers);
  // The custom server always sets the client IP; without it no per-IP limit could run: refuse.
  if (!ip) return new Response(JSON.stringify({ error: { code: "VALIDATION", message: "Client address unknown" } }), { status: 400, headers: { "content-type": "application/json" } });
  const out = await serveContent(getDb(), {
    id,
    token: url.searchParams.get("token"),
    format: url.searchParams.get("format"),
    userAgent: req.headers.get("user-agent") ?? "",
    ip,
    locale: localeOfHeaders(req.headers),
    device: readDeviceHeaders((name) => req.headers.get(name)),
    header: (name) => req.headers.get(name),
    host: req.headers.get("host") ?? "",
  });
  // A route handler can neither rewrite to a page nor drop a connection (the custom server does
  // both): the page is reached by a refresh in the body (never a Location header: the query holds
  // the download token), and a drop is answered as an unknown subscription.
  if (out.action === "page") {
    const target = `/subscription-view/${encodeURIComponent(id)}${url.search}`;
    const html = `<!doctype html><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"><a href="${escapeHtml(target)}">${escapeHtml(target.split("?")[0]!)}</a>`;
    return new Response(html, { status: 200, headers: { ...out.headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  }
  if (out.action === "drop") return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found" } }), { status: 404, headers: { "content-type": "application/json" } });
  return new Response(out.body, { status: out.status, headers: out.headers });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

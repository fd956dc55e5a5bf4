// Small HTTP pieces the payment simulators share: body reading (capped), replies, listening on a
// free port, and HTML escaping for the cashier pages.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const MAX_BODY_BYTES = 256 * 1024;

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Query string and (for urlencoded POSTs) form body merged; the body wins on a clash, as PHP's $_REQUEST does not, but no client sends both. */
export async function readParams(req: IncomingMessage): Promise<{ query: Record<string, string>; form: Record<string, string>; all: Record<string, string> }> {
  const url = new URL(req.url ?? "/", "http://sim.local");
  const query = Object.fromEntries(url.searchParams);
  let form: Record<string, string> = {};
  if (req.method === "POST") {
    const text = await readText(req);
    const type = String(req.headers["content-type"] ?? "");
    if (type.includes("application/x-www-form-urlencoded") || (text && !type)) form = Object.fromEntries(new URLSearchParams(text));
  }
  return { query, form, all: { ...query, ...form } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "content-length": 0 });
  res.end();
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain page that reads in light and dark mode and at phone width. */
export function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{border:1px solid #8884;border-radius:12px;padding:1.25rem}.amount{font-size:2rem;font-weight:700}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:8px;border:0;background:#1677ff;color:#fff;cursor:pointer}
.muted{opacity:.7;font-size:.9rem}</style></head><body>${body}</body></html>`;
}

export interface Listening { server: Server; url: string; port: number; close(): Promise<void> }

/** Listens (port 0 = a free one); `url` ends with "/". */
export async function listen(handler: RequestListener, opts: { port?: number; host?: string } = {}): Promise<Listening> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: "simulator error" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== "0.0.0.0" ? opts.host : "127.0.0.1";
  return {
    server,
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

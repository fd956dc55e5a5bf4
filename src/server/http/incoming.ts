// What the custom server decides about a request before Next.js sees it: who the client is (IP,
// request id, HTTPS), which client-sent headers are believed, and which requests are refused outright
// because Next would answer them with a 500 (unknown methods, broken paths, bad Server Action calls).
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { BlockList } from "node:net";
import { entryKind } from "../metrics/route-pattern";
import { withoutBadCallbackCookie } from "./callback-cookie";
import { CLIENT_IP_HEADER, isTrustedPeer, REQUEST_ID_HEADER, resolveClientIp } from "./client-ip";
import { PATH_HEADER } from "./request-meta";
import { NONCE_HEADER, securityHeaders } from "./security-headers";

/**
 * Headers only a trusted proxy may set. From anyone else they are removed, so a client can neither
 * forge its IP nor pass Next's Server Action origin check with `X-Forwarded-Host: evil.example`.
 */
export const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-prefix", "x-real-ip", REQUEST_ID_HEADER];
/** Headers that only this server sets on the request for Next's eyes; a client's copy never survives. */
const INTERNAL_HEADERS = [CLIENT_IP_HEADER, NONCE_HEADER, PATH_HEADER, "content-security-policy", "x-middleware-subrequest"];

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** What a page answers (plus Server Actions, a POST with `Next-Action`). */
export const PAGE_METHODS = ["GET", "HEAD"];
/** Keep equal to `experimental.serverActions.bodySizeLimit` in next.config.ts ("2mb"). */
export const SERVER_ACTION_BODY_LIMIT = 2 * 1024 * 1024;

export interface Refusal { status: number; code: string; message: string; headers?: Record<string, string> }
export interface Admitted {
  ip: string;
  requestId: string;
  https: boolean;
  nonce: string;
  serverAction: boolean;
  responseHeaders: Record<string, string>;
}

export interface IncomingOptions { trusted: BlockList; appHttps: boolean; dev: boolean }

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Cleans the request's headers in place and stamps ours; answers a Refusal when it must not reach Next. */
export function admitRequest(req: IncomingMessage, opts: IncomingOptions): Admitted | Refusal {
  const h = req.headers;
  const peer = req.socket.remoteAddress;
  const trustedPeer = isTrustedPeer(peer, opts.trusted);
  if (!trustedPeer) for (const name of FORWARDING_HEADERS) delete h[name];
  const ip = resolveClientIp(peer, first(h["x-forwarded-for"]), opts.trusted);
  const requestId = first(h[REQUEST_ID_HEADER])?.slice(0, 100) || randomUUID();
  for (const name of INTERNAL_HEADERS) delete h[name];
  const https = opts.appHttps || (trustedPeer && first(h["x-forwarded-proto"]) === "https");
  const nonce = randomBytes(16).toString("base64");
  const responseHeaders: Record<string, string> = { ...securityHeaders({ https, dev: opts.dev, nonce }), [REQUEST_ID_HEADER]: requestId };
  // Uploaded files are never pages: whatever a browser makes of one, nothing in it may run or load.
  // (Set here because Next does not replace a response header this server has already set.)
  if ((req.url ?? "").startsWith("/api/support/attachments/")) responseHeaders["content-security-policy"] = "default-src 'none'; sandbox";
  const refuse = (r: Refusal): Refusal => ({ ...r, headers: { ...responseHeaders, ...r.headers } });

  // A socket without a peer address has already gone away; nothing may run without a client IP.
  if (!ip) return refuse({ status: 400, code: "BAD_REQUEST", message: "Client address unknown" });
  if (!ALLOWED_METHODS.includes(req.method ?? "")) {
    return refuse({ status: 405, code: "METHOD_NOT_ALLOWED", message: `Method ${String(req.method).slice(0, 20)} is not allowed`, headers: { allow: ALLOWED_METHODS.join(", ") } });
  }
  if (!validPath(req.url ?? "")) return refuse({ status: 400, code: "BAD_REQUEST", message: "Malformed request path" });
  const serverAction = req.method === "POST" && h["next-action"] !== undefined;
  if (!serverAction && !PAGE_METHODS.includes(req.method!) && !servedByRouteHandler(req.url ?? "/")) {
    return refuse({ status: 405, code: "METHOD_NOT_ALLOWED", message: `Method ${req.method} is not allowed on a page`, headers: { allow: PAGE_METHODS.join(", ") } });
  }
  if (serverAction) {
    const bad = checkServerAction(req, trustedPeer);
    if (bad) return refuse(bad);
  }

  if (h.cookie) h.cookie = withoutBadCallbackCookie(h.cookie);
  h[CLIENT_IP_HEADER] = ip;
  h[REQUEST_ID_HEADER] = requestId;
  // Next.js reads the nonce from the request's CSP header and puts it on its own scripts; the
  // layout reads `x-nonce` for Mantine's color-scheme script.
  h["content-security-policy"] = responseHeaders["content-security-policy"];
  h[NONCE_HEADER] = nonce;
  h[PATH_HEADER] = req.url ?? "/";
  return { ip, requestId, https, nonce, serverAction, responseHeaders };
}

/**
 * Route handlers (route.ts files under src/app) answer their own methods, Next's OPTIONS included.
 * Anything else is a page or nothing at all, and Next answers a page whatever the method (PUT,
 * PATCH and DELETE got the page with 200, OPTIONS a 400), so those are refused here. Paths under
 * /api that no route serves, and Next's own assets, are left to Next (404).
 */
function servedByRouteHandler(url: string): boolean {
  const kind = entryKind(url);
  return kind === "route" || (kind === undefined && (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?") || url.startsWith("/_next/")));
}

/** Origin-form path ("/...") whose percent-escapes decode; anything else Next routes into a 500. */
function validPath(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//")) return false;
  const path = url.split("?")[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return false;
  }
  return !path.includes("%00");
}

/**
 * Server Actions: refuse cross-origin calls (403) and bodies Next would refuse with a 500 (413 over
 * the limit; a body without a declared length cannot be checked before Next reads it, so 411).
 */
function checkServerAction(req: IncomingMessage, trustedPeer: boolean): Refusal | undefined {
  const h = req.headers;
  const host = (trustedPeer && first(h["x-forwarded-host"])?.split(",")[0]!.trim()) || h.host;
  const origin = first(h.origin);
  let originHost: string | undefined;
  try {
    originHost = origin ? new URL(origin).host : undefined;
  } catch {
    originHost = undefined;
  }
  if (!host || !originHost || originHost.toLowerCase() !== host.toLowerCase()) {
    return { status: 403, code: "FORBIDDEN", message: "Cross-origin Server Action requests are refused" };
  }
  const length = h["content-length"];
  if (length === undefined) return { status: 411, code: "LENGTH_REQUIRED", message: "Server Action requests must declare Content-Length" };
  if (Number(length) > SERVER_ACTION_BODY_LIMIT) {
    return { status: 413, code: "PAYLOAD_TOO_LARGE", message: `Request body is larger than ${SERVER_ACTION_BODY_LIMIT} bytes` };
  }
  return undefined;
}

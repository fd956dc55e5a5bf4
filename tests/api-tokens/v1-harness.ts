// The /api/v1/ Route Handlers behind the custom server's own request listener, on a real socket
// (tests/http/listener-harness.ts): the stand-in for Next routes each path to its handler the way
// Next would, streaming the request body, so the listener's admission (client IP from the trusted
// proxy, request id) and the handlers' own reading are what run in production.
import { Readable } from "node:stream";
import type { IncomingMessage, ServerResponse } from "node:http";
import { GET as listOrders } from "../../src/app/api/v1/orders/route";
import { POST as activate } from "../../src/app/api/v1/subscriptions/[id]/activate/route";
import { POST as suspend } from "../../src/app/api/v1/subscriptions/[id]/suspend/route";
import { POST as grant } from "../../src/app/api/v1/subscriptions/grant/route";
import { GET as listSubscriptions } from "../../src/app/api/v1/subscriptions/route";
import { GET as getUser } from "../../src/app/api/v1/users/[id]/route";
import { GET as listUsers } from "../../src/app/api/v1/users/route";
import { startListener, type Listener } from "../http/listener-harness";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

// Static segments before dynamic ones, as Next matches them (grant is not a subscription id).
const ROUTES: { method: string; path: RegExp; params: string[]; handler: Handler }[] = [
  { method: "GET", path: /^\/api\/v1\/users$/, params: [], handler: listUsers as Handler },
  { method: "GET", path: /^\/api\/v1\/users\/([^/]+)$/, params: ["id"], handler: getUser as Handler },
  { method: "GET", path: /^\/api\/v1\/orders$/, params: [], handler: listOrders as Handler },
  { method: "GET", path: /^\/api\/v1\/subscriptions$/, params: [], handler: listSubscriptions as Handler },
  { method: "POST", path: /^\/api\/v1\/subscriptions\/grant$/, params: [], handler: grant as Handler },
  { method: "POST", path: /^\/api\/v1\/subscriptions\/([^/]+)\/suspend$/, params: ["id"], handler: suspend as Handler },
  { method: "POST", path: /^\/api\/v1\/subscriptions\/([^/]+)\/activate$/, params: ["id"], handler: activate as Handler },
];

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://relayboard.test");
  const route = ROUTES.find((r) => r.method === req.method && r.path.test(url.pathname));
  if (!route) {
    res.writeHead(404, { "content-type": "application/json" }).end("{}");
    return;
  }
  const m = route.path.exec(url.pathname)!;
  const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1]!)]));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) for (const v of ([] as string[]).concat(value ?? [])) headers.append(name, v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(url, { method: req.method, headers, ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}) } as RequestInit);
  const answer = await route.handler(request, { params: Promise.resolve(params) });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

export interface V1Reply { status: number; headers: Record<string, string | string[] | undefined>; body: string; json: { error?: { code: string; message: string; details?: Record<string, unknown> } } & Record<string, unknown> }

export interface CallOptions { token?: string | null; authorization?: string; body?: unknown; contentType?: string; ip?: string; lang?: string }

export interface V1Api {
  call(method: "GET" | "POST", path: string, opts?: CallOptions): Promise<V1Reply>;
  close(): Promise<void>;
}

let ipSeq = 1;
/** A client address of its own per test, so the per-IP failure budget of one test never meets another's. */
export const nextClientIp = () => `198.51.100.${ipSeq++ % 250}`;

export async function startV1Api(): Promise<V1Api> {
  const listener: Listener = await startListener(nextStandIn);
  return {
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? "203.0.113.7", "accept-language": opts.lang ?? "en" };
      const authorization = opts.authorization ?? (opts.token ? `Bearer ${opts.token}` : undefined);
      if (authorization !== undefined) headers.authorization = authorization;
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
        headers["content-type"] = opts.contentType ?? "application/json";
      }
      const r = await listener.send({ method, path, headers, body });
      let json: V1Reply["json"] = {};
      try {
        json = JSON.parse(r.body) as V1Reply["json"];
      } catch {
        // not JSON: the test looks at status and body
      }
      return { ...r, json };
    },
    close: () => listener.close(),
  };
}

// The custom server's listener on a real socket, with a stand-in for Next that echoes what it was
// given. Clients connect from 127.0.0.1 (a trusted proxy here) and from 127.0.0.2 (an untrusted
// client on the same loopback), so both paths are exercised through real TCP peers.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markActionReached } from "../../src/server/http/action-scope";
import { parseTrustedProxies } from "../../src/server/http/client-ip";
import { makeRequestListener, type NextHandle } from "../../src/server/http/request-listener";

let server: Server;
let port: number;
// What the stand-in does for a path: echo the headers it saw, or fail like Next does.
const handle: NextHandle = async (req, res) => {
  if (req.url === "/next-500") {
    res.statusCode = 500;
    return void res.end("next failed");
  }
  if (req.url === "/our-500") {
    markActionReached();
    res.writeHead(500);
    return void res.end("our bug");
  }
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(req.headers));
};

beforeAll(async () => {
  server = createServer(makeRequestListener(handle, { trusted: parseTrustedProxies("127.0.0.1"), appHttps: false, dev: false }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

interface Reply { status: number; headers: IncomingHttpHeaders; body: string }

function send(opts: { from?: string; method?: string; path?: string; headers?: Record<string, string>; body?: string; chunked?: boolean }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, localAddress: opts.from ?? "127.0.0.1", method: opts.method ?? "GET", path: opts.path ?? "/", headers: opts.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (opts.chunked) req.setHeader("transfer-encoding", "chunked");
    req.end(opts.body);
  });
}
const seen = (r: Reply) => JSON.parse(r.body) as Record<string, string>;

const forged = {
  "x-forwarded-for": "6.6.6.6",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "for=6.6.6.6;host=evil.example;proto=https",
  "x-real-ip": "6.6.6.6",
  "x-request-id": "forged-id",
  "x-relayboard-client-ip": "6.6.6.6",
  "x-nonce": "forged-nonce",
  "content-security-policy": "script-src *",
};

describe("request listener: forwarding headers", () => {
  it("from an untrusted peer removes every forwarding header and uses the socket's address", async () => {
    const r = await send({ from: "127.0.0.2", headers: forged });
    const h = seen(r);
    expect(h["x-relayboard-client-ip"]).toBe("127.0.0.2");
    for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded", "x-real-ip"]) expect(h[name]).toBeUndefined();
    expect(h["x-request-id"]).not.toBe("forged-id");
    expect(h["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(h["x-nonce"]).not.toBe("forged-nonce");
    expect(h["content-security-policy"]).toContain(`'nonce-${h["x-nonce"]}'`);
    expect(r.headers["strict-transport-security"]).toBeUndefined();
  });

  it("from a trusted proxy believes X-Forwarded-* and the request id, but never our internal headers", async () => {
    const r = await send({ headers: forged });
    const h = seen(r);
    expect(h["x-relayboard-client-ip"]).toBe("6.6.6.6");
    expect(h["x-forwarded-host"]).toBe("evil.example");
    expect(h["x-request-id"]).toBe("forged-id");
    expect(h["x-nonce"]).not.toBe("forged-nonce");
    expect(r.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });
});

describe("request listener: the page's own path", () => {
  it("is stamped for the login guard from the request line; a client's copy never survives", async () => {
    for (const from of ["127.0.0.1", "127.0.0.2"]) {
      const h = seen(await send({ from, path: "/account?tab=x", headers: { "x-relayboard-path": "https://evil.example/" } }));
      expect(h["x-relayboard-path"]).toBe("/account?tab=x");
    }
  });
});

describe("request listener: security headers", () => {
  it("sends a CSP with a fresh nonce per request and no inline scripts, plus the other promised headers", async () => {
    const [a, b] = await Promise.all([send({}), send({})]);
    const csp = String(a.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d: string) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).not.toBe(b.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(a.headers["permissions-policy"]).toContain("camera=()");
    expect(a.headers["x-request-id"]).toBeTruthy();
  });
});

describe("request listener: refusals instead of 5xx", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK"])("%s is 405 with the error body and an Allow header", async (method) => {
    const r = await send({ method, path: "/api/health" });
    expect(r.status).toBe(405);
    expect(JSON.parse(r.body).error.code).toBe("METHOD_NOT_ALLOWED");
    expect(r.headers.allow).toContain("GET");
  });

  it.each(["/%E0%A4%A", "/api/admin/nodes/%zz/inbounds", "/a%00b"])("broken path %s is 400", async (path) => {
    const r = await send({ path });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.code).toBe("BAD_REQUEST");
  });
});

describe("request listener: Server Action requests", () => {
  const action = (extra: Record<string, string>, from = "127.0.0.2") =>
    send({ from, method: "POST", path: "/login", headers: { "next-action": "40abc", "content-type": "text/plain;charset=UTF-8", ...extra }, body: '["x"]' });

  it("refuses a cross-origin call, and a forged X-Forwarded-Host cannot make it look same-origin", async () => {
    const host = `127.0.0.1:${port}`;
    expect((await action({ origin: "http://evil.example" })).status).toBe(403);
    expect((await action({ origin: "http://evil.example", "x-forwarded-host": "evil.example" })).status).toBe(403);
    expect((await action({})).status).toBe(403); // no Origin at all
    expect((await action({ origin: `http://${host}` })).status).toBe(200);
    // Behind a trusted proxy the public host is the forwarded one.
    expect((await action({ origin: "https://shop.example", "x-forwarded-host": "shop.example" }, "127.0.0.1")).status).toBe(200);
  });

  it("answers 413 for a declared length over the limit and 411 for a body of unknown length", async () => {
    const origin = `http://127.0.0.1:${port}`;
    const big = await send({ from: "127.0.0.2", method: "POST", path: "/login", headers: { "next-action": "40abc", origin, "content-length": String(3 * 1024 * 1024) } }).catch(() => undefined);
    expect(big?.status).toBe(413);
    const chunked = await send({ from: "127.0.0.2", method: "POST", path: "/login", headers: { "next-action": "40abc", origin }, body: "x".repeat(1000), chunked: true });
    expect(chunked.status).toBe(411);
  });

  it("a 5xx from Next before our code ran is the request's fault (400); after it, a real 500", async () => {
    const origin = `http://127.0.0.1:${port}`;
    const post = (path: string) => send({ method: "POST", path, headers: { "next-action": "40abc", origin, "content-type": "text/plain" }, body: "[{{" });
    expect((await post("/next-500")).status).toBe(400);
    expect((await post("/our-500")).status).toBe(500);
    // Not a Server Action: a 5xx stays what it is.
    expect((await send({ path: "/next-500" })).status).toBe(500);
  });
});

// insecureFetch against a real node:https server with a self-signed certificate: the fetch behaviour the
// panel adapter depends on (bodies, cookies, repeated Set-Cookie, gzip, unfollowed redirects, aborts).
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insecureFetch } from "../../src/server/integrations/panel/insecure-fetch";
import { makeSelfSignedCert, opensslAvailable } from "./tls-helpers";

describe.runIf(opensslAvailable())("insecureFetch", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer(makeSelfSignedCert(), (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "https://x");
        if (url.pathname === "/echo") {
          const body = Buffer.from(JSON.stringify({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() }));
          const gz = /gzip/.test(String(req.headers["accept-encoding"]));
          res.writeHead(200, {
            "content-type": "application/json",
            "set-cookie": ["a=1; Path=/; Max-Age=60", "b=2; Path=/; HttpOnly"],
            ...(gz ? { "content-encoding": "gzip" } : {}),
          });
          return res.end(gz ? gzipSync(body) : body);
        }
        if (url.pathname === "/redirect") return res.writeHead(307, { location: "/echo" }).end();
        if (url.pathname === "/empty") return res.writeHead(204).end();
        if (url.pathname === "/stall") {
          res.writeHead(200, { "content-type": "text/plain" });
          return res.write("partial"); // never ends: the body must be cut by the abort signal
        }
        res.writeHead(404).end("nope");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("global fetch refuses this certificate, which is the point of the option", async () => {
    const e = await fetch(`${base}/echo`).catch((err: unknown) => err);
    expect((e as { cause?: { code?: string } }).cause?.code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("sends method, headers (Cookie) and a URL-encoded body; answers a real Response with decoded gzip and every Set-Cookie", async () => {
    const res = await insecureFetch(new URL(`${base}/echo`), {
      method: "POST",
      headers: { cookie: "3x-ui=abc", accept: "application/json" },
      body: new URLSearchParams({ username: "admin", password: "p&w" }),
      redirect: "manual",
      signal: AbortSignal.timeout(5_000),
    });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base}/echo`);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; Max-Age=60", "b=2; Path=/; HttpOnly"]);
    const echo = (await res.json()) as { method: string; headers: Record<string, string>; body: string };
    expect(echo.method).toBe("POST");
    expect(echo.headers).toMatchObject({
      cookie: "3x-ui=abc",
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      "content-length": String("username=admin&password=p%26w".length),
    });
    expect(echo.body).toBe("username=admin&password=p%26w");
  });

  it("sends a string JSON body as given and reads plain text when gzip is not asked for", async () => {
    const res = await insecureFetch(`${base}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "identity" },
      body: JSON.stringify({ x: 1 }),
      redirect: "manual",
    });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(await res.text())).toMatchObject({ body: '{"x":1}', headers: { "content-type": "application/json" } });
  });

  it("returns redirects as they are with redirect: manual, rejects them with error, and refuses follow", async () => {
    const res = await insecureFetch(`${base}/redirect`, { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("/echo");
    await expect(insecureFetch(`${base}/redirect`, { redirect: "error" })).rejects.toThrow(TypeError);
    await expect(insecureFetch(`${base}/echo`)).rejects.toThrow(/never follows redirects/);
  });

  it("gives 204 a null body and passes other statuses through", async () => {
    const empty = await insecureFetch(`${base}/empty`, { redirect: "manual" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const missing = await insecureFetch(`${base}/missing`, { redirect: "manual" });
    expect([missing.status, await missing.text()]).toEqual([404, "nope"]);
  });

  it("aborts like fetch: before the request, and while the body is still arriving", async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(insecureFetch(`${base}/echo`, { redirect: "manual", signal: ctl.signal })).rejects.toMatchObject({ name: "AbortError" });
    const res = await insecureFetch(`${base}/stall`, { redirect: "manual", signal: AbortSignal.timeout(200) });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("fails like fetch on a closed port (TypeError with the socket error as cause)", async () => {
    const closed = `https://127.0.0.1:1/`;
    const e = await insecureFetch(closed, { redirect: "manual" }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
  });
});

// Pages answer GET and HEAD (and Server Actions, a POST with Next-Action); any other method is 405
// with Allow before Next sees it (Next answered PUT, PATCH and DELETE on a page with the page, and
// OPTIONS with a 400). Route handlers keep their own methods, OPTIONS included; CONNECT is a 405.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startListener, type Listener } from "./listener-harness";

let app: Listener;
// The stand-in for Next answers everything it is given with 200 and the method it saw.
beforeAll(async () => (app = await startListener(async (req, res) => void res.end(JSON.stringify({ reached: req.method })))));
afterAll(() => app.close());

describe("methods on pages", () => {
  it.each(["/dashboard", "/store", "/", "/orders/3f2b8c1e-8a4d-4c3e-9b1a-2d6f0e7c5a91", "/no-such-page"])("%s: PUT, PATCH, DELETE, OPTIONS and a plain POST are 405 with Allow", async (path) => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "POST"]) {
      const r = await app.send({ method, path, headers: { "content-type": "application/x-www-form-urlencoded" }, body: method === "POST" ? "a=1" : undefined });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD");
      expect(JSON.parse(r.body).error.code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("GET and HEAD reach the page, and so does a Server Action POST", async () => {
    expect((await app.send({ path: "/dashboard" })).status).toBe(200);
    expect((await app.send({ method: "HEAD", path: "/store" })).status).toBe(200);
    const origin = `http://127.0.0.1:${app.port}`;
    const action = await app.send({ from: "127.0.0.2", method: "POST", path: "/store", headers: { "next-action": "40abc", origin, "content-type": "text/plain" }, body: "[]" });
    expect(action.status).toBe(200);
  });

  it("route handlers keep their own methods (OPTIONS included); /api paths no route serves are left to Next", async () => {
    for (const [method, path] of [["OPTIONS", "/api/health"], ["POST", "/api/auth/signout"], ["OPTIONS", "/api/auth/session"], ["PATCH", "/api/admin/nodes/x/inbounds"], ["PUT", "/api/no-such-route"], ["DELETE", "/_next/static/x.js"]]) {
      const r = await app.send({ method, path });
      expect(r.status, `${method} ${path}`).toBe(200);
      expect(JSON.parse(r.body).reached).toBe(method);
    }
  });
});

describe("CONNECT", () => {
  it("is a 405 with Allow, every time, and the connection is closed", async () => {
    for (const target of ["127.0.0.1:22", "evil.example:443", "/dashboard"]) {
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(app.port, "127.0.0.1", () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
        let text = "";
        socket.setEncoding("utf8").on("data", (d: string) => (text += d));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(reply).toMatch(/^HTTP\/1\.1 405 /);
      expect(reply).toMatch(/\r\nallow: GET, HEAD, POST/);
      expect(reply).toContain('"code":"METHOD_NOT_ALLOWED"');
    }
  });
});

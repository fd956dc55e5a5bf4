// A gateway notify sent as JSON must be an object of named fields: `null`, a number, a string or an
// array was a 500 (Object.entries(null)); it is a 400 `fail` like every other unreadable notify.
// Served through a plain HTTP server over a real socket, as the gateways reach the route.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "../../src/app/api/payment/notify/[provider]/route";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestDb({ install: true });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const provider = req.url!.split("/").pop()!;
      const incoming = new Request(`http://127.0.0.1:${port}${req.url}`, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
      const reply = await POST(incoming, { params: Promise.resolve({ provider }) }).catch(() => new Response("thrown", { status: 500 }));
      res.writeHead(reply.status).end(await reply.text());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await t.close();
});

const notify = (provider: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: `/api/payment/notify/${provider}`, headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });

describe("payment notify with a JSON body", () => {
  it.each(["epay", "alipay_f2f"])("%s: JSON that is not an object is a 400 fail", async (provider) => {
    for (const body of ["null", "0", "42.5", "-1", '"trade"', "true", "[]", '[{"out_trade_no":"x"}]', "[null]", "{"]) {
      expect(await notify(provider, body), body).toEqual({ status: 400, body: "fail" });
    }
  });

  it("an object is read as the notify's fields (here: for a gateway that is not set up, 404 fail)", async () => {
    expect(await notify("epay", '{"out_trade_no":"x","money":"1.00"}')).toEqual({ status: 404, body: "fail" });
  });
});

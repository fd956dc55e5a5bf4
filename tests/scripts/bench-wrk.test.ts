// The bench's wrk driver (bench/wrk.mjs + bench/wrk-requests.lua) against a tiny local server: the
// requests are sent in turn with their methods, headers and bodies, and an answer that is not 2xx, too
// short or without the expected text counts as an error (a fast failure never passes for throughput).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM without types (a bench script)
import { findWrk, runWrk } from "../../bench/wrk.mjs";
import { requireTool } from "../helpers/requirements";

const wrk = findWrk() as string | null;
const seen = new Map<string, number>();
let server: Server;
let base = "";

beforeAll(async () => {
  requireTool("wrk", wrk !== null, "run scripts/install-system-deps.sh");
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const key = `${req.method} ${req.url} ${req.headers["x-client"] ?? ""} ${body}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (req.url === "/fail") return res.writeHead(500).end("no");
      if (req.url === "/short") return res.writeHead(200).end("x");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, echo: body.length }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

describe("bench wrk driver", { timeout: 30_000 }, () => {
  it("sends every described request, method, header and body included", async () => {
    const requests = [
      { path: "/a", headers: { "x-client": "1" } },
      { method: "POST", path: "/b", headers: { "x-client": "2", "content-type": "application/json" }, body: '{"n":1}' },
    ];
    const r = await runWrk({ wrk, base, requests, connections: 2, seconds: 1, minBody: 5, expect: '"ok":true' });
    expect(r.requests).toBeGreaterThan(10);
    expect(r.errors).toBe(0);
    expect(r.rps).toBeGreaterThan(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    expect(seen.get("GET /a 1 ")).toBeGreaterThan(0);
    expect(seen.get('POST /b 2 {"n":1}')).toBeGreaterThan(0);
  });

  it("counts a 5xx, a too short body and a body without the expected text as errors", async () => {
    const r = await runWrk({ wrk, base, requests: [{ path: "/fail" }, { path: "/short" }, { path: "/a" }], connections: 1, seconds: 1, minBody: 5, expect: '"ok":true' });
    expect(r.errors).toBeGreaterThan(0);
    expect(r.errorsBy.bad).toBe(r.errors);
    // Two of every three answers are bad, sent in turn.
    expect(r.errors / r.requests).toBeGreaterThan(0.6);
    expect(r.errors / r.requests).toBeLessThan(0.7);
  });

  it("refuses a request field with a line break (it would split the request file)", async () => {
    await expect(runWrk({ wrk, base, requests: [{ path: "/a\n" }], connections: 1, seconds: 1 })).rejects.toThrow(/separator or a line break/);
  });
});

// Delivery against a real HTTP server on a random port, with a manual clock: no test sleeps.
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../agent/src/clock";
import { backoffDelay, parseRetryAfter } from "../../agent/src/delivery/backoff";
import { Deliverer } from "../../agent/src/delivery/deliverer";
import { DiskQueue } from "../../agent/src/delivery/queue";
import { memoryLogger } from "../../agent/src/log";
import { AGENT_VERSION } from "../../agent/src/version";
import { tempDir } from "./helpers";
import { TestServer } from "./test-server";

const TOKEN = `rbn_${"A".repeat(43)}`;
const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.stop();
});

async function setup(serverUrl: string) {
  const log = memoryLogger();
  const clock = manualClock();
  const queue = new DiskQueue({ dir: tempDir(), maxBatches: 100, maxBytes: 1 << 30, log, now: clock.now });
  await queue.open();
  const reports: { kind: string; ok: boolean; status?: number }[] = [];
  const deliverer = new Deliverer({
    serverUrl,
    token: () => TOKEN,
    queue,
    clock,
    log,
    random: () => 0,
    timeoutMs: 5000,
    onReport: (kind, r) => reports.push({ kind, ok: r.ok, status: r.status }),
  });
  return { log, clock, queue, deliverer, reports };
}

const server = async (port?: number) => {
  const s = await new TestServer().start(port);
  servers.push(s);
  return s;
};

describe("delivery", () => {
  it("server down -> queued with back-off -> delivered exactly once when it is back", async () => {
    const port = await TestServer.freePort();
    const d = await setup(`http://127.0.0.1:${port}`);
    const [batch] = await d.queue.enqueue([{ kind: "latency", body: { latencies: [{ carrier: "telecom", latencyMs: 12.5 }] } }]);

    const down = await d.deliverer.flush();
    expect(down).toMatchObject({ delivered: 0, remaining: 1 });
    expect(down.waitUntil).toBe(d.clock.now() + 1000); // first back-off: 2 s ceiling, jitter 0 -> 1 s
    expect(d.log.lines.some((l) => l.includes("delivery failed; retrying"))).toBe(true);

    const s = await server(port);
    // before the back-off ends nothing is attempted
    expect((await d.deliverer.flush()).delivered).toBe(0);
    expect(s.received).toHaveLength(0);

    d.clock.advance(1000);
    expect(await d.deliverer.flush()).toMatchObject({ delivered: 1, remaining: 0 });
    expect(await d.deliverer.flush()).toMatchObject({ delivered: 0, remaining: 0 });
    expect(s.received).toHaveLength(1);
    const req = s.received[0]!;
    expect(req).toMatchObject({ method: "POST", path: "/api/agent/latency" });
    expect(req.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      "idempotency-key": batch!.id,
      "user-agent": `relayboard-agent/${AGENT_VERSION}`,
    });
    expect(JSON.parse(req.body)).toEqual({ latencies: [{ carrier: "telecom", latencyMs: 12.5 }] });
    expect(await d.queue.list()).toHaveLength(0);
  });

  it("a response lost after the server read the batch -> retried with the same Idempotency-Key and body", async () => {
    const s = await server();
    s.respond = (_req, i) => (i === 0 ? "drop" : { status: 200, body: { ok: true, processed: 1, skipped: 0, warnings: 0, suspended: 0 } });
    const d = await setup(s.url);
    const [batch] = await d.queue.enqueue([{ kind: "node-access", body: { events: [{ clientEmail: "a@x-1", sourceIp: "203.0.113.7" }] } }]);

    expect(await d.deliverer.flush()).toMatchObject({ delivered: 0, remaining: 1 });
    d.clock.advance(1000);
    expect(await d.deliverer.flush()).toMatchObject({ delivered: 1, remaining: 0 });

    expect(s.received).toHaveLength(2);
    expect(s.received.map((r) => r.headers["idempotency-key"])).toEqual([batch!.id, batch!.id]);
    expect(s.received[1]!.body).toBe(s.received[0]!.body);
    expect(s.received[0]!.path).toBe("/api/agent/node-access");
  });

  it("401 stops reporting with one clear log line; the queue is kept and nothing more is sent", async () => {
    const s = await server();
    s.respond = () => ({ status: 401, headers: { "www-authenticate": 'Bearer realm="relayboard-agent"' }, body: { error: "UNAUTHENTICATED" } });
    const d = await setup(s.url);
    await d.queue.enqueue([{ kind: "metrics", body: { metrics: {} } }, { kind: "latency", body: { latencies: [] } }]);

    const r = await d.deliverer.flush();
    expect(r.stopped).toMatch(/refused the agent token \(HTTP 401\)/);
    expect(r.remaining).toBe(2);
    d.clock.advance(3_600_000);
    expect((await d.deliverer.flush()).stopped).toBeTruthy();
    expect(s.received).toHaveLength(1);
    expect(d.log.lines.filter((l) => l.startsWith("error:") && l.includes("token"))).toHaveLength(1);
    expect(await d.queue.list()).toHaveLength(2);
  });

  it("403 stops too", async () => {
    const s = await server();
    s.respond = () => ({ status: 403 });
    const d = await setup(s.url);
    await d.queue.enqueue([{ kind: "metrics", body: {} }]);
    expect((await d.deliverer.flush()).stopped).toMatch(/HTTP 403/);
  });

  it("400 and 413 drop that batch with a log line and a count, and the next batch still goes", async () => {
    const s = await server();
    s.respond = (_r, i) => (i === 0 ? { status: 413 } : i === 1 ? { status: 400, body: { error: "VALIDATION" } } : { status: 200 });
    const d = await setup(s.url);
    await d.queue.enqueue([{ kind: "node-access", body: { n: 1 } }, { kind: "trace", body: { n: 2 } }, { kind: "metrics", body: { n: 3 } }]);
    expect(await d.deliverer.flush()).toMatchObject({ delivered: 1, dropped: 2, remaining: 0 });
    expect(d.queue.getCounters().droppedRejected).toBe(2);
    expect(d.log.lines.filter((l) => l.includes("will never be accepted"))).toHaveLength(2);
    expect(s.received.map((r) => r.path)).toEqual(["/api/agent/node-access", "/api/agent/trace", "/api/agent/metrics"]);
  });

  it("429 waits for Retry-After, keeping the order", async () => {
    const s = await server();
    s.respond = (_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "7" } } : { status: 200 });
    const d = await setup(s.url);
    await d.queue.enqueue([{ kind: "latency", body: { n: 1 } }, { kind: "latency", body: { n: 2 } }]);
    const r = await d.deliverer.flush();
    expect(r.waitUntil).toBe(d.clock.now() + 7000);
    d.clock.advance(6999);
    await d.deliverer.flush();
    expect(s.received).toHaveLength(1);
    d.clock.advance(1);
    expect(await d.deliverer.flush()).toMatchObject({ delivered: 2, remaining: 0 });
    expect(s.received.map((x) => JSON.parse(x.body).n)).toEqual([1, 1, 2]);
  });

  it("server errors back off exponentially and reset after a success", async () => {
    const s = await server();
    let fail = true;
    s.respond = () => (fail ? { status: 503 } : { status: 200 });
    const d = await setup(s.url);
    await d.queue.enqueue([{ kind: "metrics", body: {} }]);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await d.deliverer.flush();
      waits.push(r.waitUntil! - d.clock.now());
      d.clock.advance(r.waitUntil! - d.clock.now());
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    fail = false;
    expect((await d.deliverer.flush()).delivered).toBe(1);
    expect(d.deliverer.readyAt).toBe(0);
  });

  it("keeps the base path of the server URL", async () => {
    const s = await server();
    const d = await setup(`${s.url}/board/`);
    await d.queue.enqueue([{ kind: "trace", body: { traces: [] } }]);
    await d.deliverer.flush();
    expect(s.received[0]!.path).toBe("/board/api/agent/trace");
  });

  it("back-off and Retry-After arithmetic", () => {
    expect(backoffDelay(1, { baseMs: 2000, maxMs: 300_000 }, () => 1)).toBe(2000);
    expect(backoffDelay(20, { baseMs: 2000, maxMs: 300_000 }, () => 0)).toBe(150_000);
    expect(parseRetryAfter("120", 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter("soon", 0)).toBeNull();
    expect(parseRetryAfter("999999", 0)).toBe(3_600_000);
  });
});

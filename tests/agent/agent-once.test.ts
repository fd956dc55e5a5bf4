// The whole agent, once and in its loop, against a real HTTP server: every kind measured, queued,
// delivered; a server outage across two runs delivers everything exactly once; a refused token stops.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixedZoneOffset } from "../../agent/src/access/local-time";
import { Agent, EXIT } from "../../agent/src/agent";
import { manualClock, type Clock } from "../../agent/src/clock";
import type { AgentConfig } from "../../agent/src/config";
import { memoryLogger } from "../../agent/src/log";
import { readStatus, renderStatus } from "../../agent/src/status-command";
import type { ExecFn } from "../../agent/src/trace/run-trace";
import { tempDir, xrayLine } from "./helpers";
import { TestServer } from "./test-server";

const TOKEN = `rbn_${"B".repeat(43)}`;
const fixtures = path.join(import.meta.dirname, "fixtures");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tcpTarget(): Promise<number> {
  const s = net.createServer((sock) => sock.destroy());
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  cleanups.push(() => new Promise((r) => s.close(() => r())));
  return (s.address() as AddressInfo).port;
}

async function world(serverUrl: string) {
  const dir = tempDir();
  const logFile = path.join(dir, "access.log");
  writeFileSync(logFile, [xrayLine(1), xrayLine(2), xrayLine(3, "bob@example.com-c3d4", "198.51.100.20"), "2026/04/29 09:16:07.001315 from 127.0.0.1:43702 accepted tcp:127.0.0.1:62789 [api -> api]"].join("\n") + "\n");
  const port = await tcpTarget();
  const config: AgentConfig = {
    serverUrl,
    token: TOKEN,
    tokenSource: "test",
    stateDir: path.join(dir, "state"),
    intervals: { latency: 60, trace: 3600, access: 60, metrics: 60 },
    targets: { telecom: [{ host: "127.0.0.1", port }], unicom: [], mobile: [{ host: "127.0.0.1", port }] },
    accessLog: { path: logFile, startAt: "start" },
    latency: { tries: 2, timeoutMs: 2000 },
    trace: { tool: "auto", maxHops: 30, timeoutSeconds: 30, asLookup: false },
    queue: { maxBatches: 100, maxBytes: 64 * 1024 * 1024 },
    logLevel: "debug",
  };
  const traceOutput = readFileSync(path.join(fixtures, "traceroute-n-A.txt"), "utf8");
  const exec: ExecFn = async () => ({ stdout: traceOutput, stderr: "" });
  const log = memoryLogger();
  const make = (clock: Clock = manualClock()) =>
    new Agent({
      config,
      log,
      clock,
      exec,
      findTool: async (n) => (n === "traceroute" ? "/usr/sbin/traceroute" : null),
      metricsSource: { procRoot: path.join(fixtures, "proc-a"), statfs: async () => ({ blocks: 100, bfree: 40, bsize: 4096 }) },
      zone: fixedZoneOffset(480),
      random: () => 0,
    });
  return { config, logFile, log, make };
}

async function startServer(port?: number) {
  const s = await new TestServer().start(port);
  cleanups.push(() => s.stop());
  return s;
}

const byPath = (s: TestServer, p: string) => s.received.filter((r) => r.path === p).map((r) => JSON.parse(r.body));

describe("relayboard-agent --once", () => {
  it("measures every kind, delivers each in the contract's shape, and records the status", async () => {
    const s = await startServer();
    const w = await world(s.url);
    const agent = w.make();
    await agent.open();
    expect(await agent.runOnce()).toBe(EXIT.ok);
    await agent.close();

    expect(s.received.map((r) => r.path)).toEqual(["/api/agent/node-access", "/api/agent/metrics", "/api/agent/latency", "/api/agent/trace"]);
    expect(new Set(s.received.map((r) => r.headers["idempotency-key"])).size).toBe(4);
    const [access] = byPath(s, "/api/agent/node-access");
    expect(access.events).toEqual([
      expect.objectContaining({ clientEmail: "alice@example.com-a1b2", sourceIp: "203.0.113.7", inboundTag: "inbound-443", network: "tcp", action: "accepted", connectionCount: 2, uniqueTargetCount: 2, firstSeenAt: "2026-04-29T09:16:01.000+08:00" }),
      expect.objectContaining({ clientEmail: "bob@example.com-c3d4", sourceIp: "198.51.100.20", connectionCount: 1 }),
    ]);
    const [metrics] = byPath(s, "/api/agent/metrics");
    expect(Object.keys(metrics.metrics).sort()).toEqual(
      ["agentVersion", "cpuPercent", "diskTotalBytes", "diskUsedBytes", "load1", "memTotalBytes", "memUsedBytes", "netRxBytesPerSec", "netTxBytesPerSec", "sampledAt", "uptimeSeconds"].sort(),
    );
    expect(metrics.metrics).toMatchObject({ diskUsedBytes: 60 * 4096, diskTotalBytes: 100 * 4096, load1: 0.42 });
    const [latency] = byPath(s, "/api/agent/latency");
    expect(latency.latencies.map((l: { carrier: string }) => l.carrier)).toEqual(["telecom", "mobile"]);
    const [trace] = byPath(s, "/api/agent/trace");
    expect(trace.traces.map((t: { carrier: string; hopCount: number }) => [t.carrier, t.hopCount])).toEqual([
      ["telecom", 7],
      ["mobile", 7],
    ]);

    const view = await readStatus(w.config.stateDir);
    expect(view.running).toBeNull();
    expect(view.queue.batches).toBe(0);
    expect(Object.keys(view.status!.lastDelivered).sort()).toEqual(["latency", "metrics", "node-access", "trace"]);
    expect(view.cursor!.offset).toBe(readFileSync(w.logFile).length);
    const text = await renderStatus(w.config.stateDir, { json: false });
    expect(text).toContain("queue: 0 batches");
    expect(text).toMatch(/node-access\s+last delivered 20/);
  });

  it("server down: queued and exit 1; next run with the server back delivers everything once, lines not re-read", async () => {
    const port = await TestServer.freePort();
    const w = await world(`http://127.0.0.1:${port}`);
    const first = w.make();
    await first.open();
    expect(await first.runOnce()).toBe(EXIT.failed);
    await first.close();
    expect((await readStatus(w.config.stateDir)).queue.batches).toBe(4);

    appendFileSync(w.logFile, xrayLine(4, "carol@example.com-e5f6", "192.0.2.44") + "\n");
    const s = await startServer(port);
    const second = w.make();
    await second.open();
    expect(await second.runOnce()).toBe(EXIT.ok);
    await second.close();

    const events = byPath(s, "/api/agent/node-access").flatMap((b) => b.events.map((e: { clientEmail: string; connectionCount: number }) => [e.clientEmail, e.connectionCount]));
    expect(events).toEqual([
      ["alice@example.com-a1b2", 2],
      ["bob@example.com-c3d4", 1],
      ["carol@example.com-e5f6", 1],
    ]);
    expect(s.received).toHaveLength(8);
    expect(new Set(s.received.map((r) => r.headers["idempotency-key"])).size).toBe(8);
  });

  it("a refused token: exit 77, status says why, the queue is kept", async () => {
    const s = await startServer();
    s.respond = () => ({ status: 401 });
    const w = await world(s.url);
    const agent = w.make();
    await agent.open();
    expect(await agent.runOnce()).toBe(EXIT.tokenRefused);
    await agent.close();
    expect(s.received).toHaveLength(1);
    const view = await readStatus(w.config.stateDir);
    expect(view.status!.stopped).toMatch(/refused the agent token/);
    expect(view.queue.batches).toBe(4);
    expect(await renderStatus(w.config.stateDir, { json: false })).toContain("STOPPED: ");
  });

  it("refuses a second agent on the same state directory", async () => {
    const w = await world("http://127.0.0.1:9");
    const a = w.make();
    await a.open();
    await expect(w.make().open()).rejects.toThrow(/already in use/);
    await a.close();
    const b = w.make();
    await b.open();
    await b.close();
    // a live process named in the lock file (our parent) holds it; a dead one's lock is taken over
    const lock = path.join(w.config.stateDir, "agent.pid");
    writeFileSync(lock, String(process.ppid));
    await expect(w.make().open()).rejects.toThrow(new RegExp(`another relayboard-agent \\(pid ${process.ppid}\\)`));
    writeFileSync(lock, "999999999");
    const c = w.make();
    await c.open();
    await c.close();
  });
});

describe("queued samples while the server is away", () => {
  it("join one batch per kind until it is first sent; after that a new batch starts", async () => {
    const port = await TestServer.freePort();
    const w = await world(`http://127.0.0.1:${port}`);
    const clock = manualClock();
    const agent = w.make(clock);
    await agent.open();
    const round = async () => {
      clock.advance(60_000);
      expect(await agent.cycle("metrics")).toBe(true);
      expect(await agent.cycle("latency")).toBe(true);
    };
    await round();
    await agent.flush(); // fails at the first batch (the server is down)
    await round();
    await round();
    const s = await startServer(port);
    clock.advance(3_600_000);
    expect(await agent.flush()).toMatchObject({ remaining: 0 });
    await agent.close();

    const metrics = byPath(s, "/api/agent/metrics").map((b) => (Array.isArray(b.metrics) ? b.metrics.length : 1));
    const latency = byPath(s, "/api/agent/latency").map((b) => b.latencies.length);
    // the metrics batch was the head and was tried while the server was down: it stays one sample;
    // the two later samples joined one new batch. The latency batch was never tried: all three rounds joined it.
    expect(metrics).toEqual([1, 2]);
    expect(latency).toEqual([6]);
    const items = byPath(s, "/api/agent/latency")[0].latencies as { carrier: string; measuredAt: string }[];
    expect(new Set(items.map((i) => i.measuredAt)).size).toBe(3);
    expect(s.received.map((r) => r.headers["idempotency-key"]).length).toBe(new Set(s.received.map((r) => r.headers["idempotency-key"])).size);
  });
});

describe("relayboard-agent run", () => {
  it("runs each kind on its interval, delivers, and stops on abort without busy-looping", async () => {
    const s = await startServer();
    const w = await world(s.url);
    const base = manualClock();
    const stop = new AbortController();
    const sleeps: number[] = [];
    const clock: Clock = {
      now: base.now,
      sleep: async (ms) => {
        sleeps.push(ms);
        base.advance(ms);
        // 1 s is the metrics baseline; the loop's own waits are what we count
        if (ms !== 1000 && sleeps.filter((x) => x !== 1000).length === 3) stop.abort();
      },
    };
    const agent = w.make(clock);
    await agent.open();
    expect(await agent.run(stop.signal)).toBe(EXIT.ok);
    await agent.close();
    const loopSleeps = sleeps.filter((x) => x !== 1000);
    // everything at start, then the 60 s kinds twice more; trace (3600 s) only once
    expect(loopSleeps.every((ms) => ms > 0)).toBe(true);
    const count = (p: string) => s.received.filter((r) => r.path === p).length;
    expect(count("/api/agent/trace")).toBe(1);
    expect(count("/api/agent/latency")).toBe(3);
    expect(count("/api/agent/metrics")).toBe(3);
  });
});

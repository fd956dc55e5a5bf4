// The node agent end to end, with real parts only: a real v2ray 4.34 node carries real HTTP requests
// for seeded node clients and writes its access log; the built agent (`relayboard-agent --once`)
// reads it and posts to the app's own /api/agent/* Route Handlers served over HTTP on this file's
// database; the rows land in subscription_access_logs for the right subscription. Then the server is
// stopped (the batch waits in the agent's queue and is delivered once when the server is back), and
// an answer is lost on the way back (the retry with the same Idempotency-Key is counted once).
// Needs `v2ray` (scripts/install-system-deps.sh).
import { and, eq, sql } from "drizzle-orm";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findV2rayBinary } from "../../simulators/xui/v2ray-process";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { agentBatches, nodeClients, subscriptionAccessLogs } from "../../src/server/db/schema";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { requireTool } from "../helpers/requirements";
import { startPage } from "../panel/helpers";
import { riskConfig, seedNode, seedSubscription, type Seeded } from "../risk-engine/seed";
import { AgentRoutesServer } from "./agent-routes-server";
import { DropFirstAnswerProxy } from "./drop-answer-proxy";
import { hostAddress, startNodeCore, startProxyClient, waitForAccessLines, type CoreClient, type NodeCore, type ProxyClient } from "./node-core";
import { agentStatus, buildAgent, runAgent } from "./run-agent";

const v2ray = findV2rayBinary();
const hasV2ray = requireTool("v2ray", v2ray !== null, "run scripts/install-system-deps.sh (Debian's v2ray package), or set V2RAY_BIN");
const PAGE = "carried through the node";
// Not UTC: the core writes local time without a zone and the agent must read it in the same zone.
const TZ = "Asia/Shanghai";

describe.runIf(hasV2ray)("the node agent on the node in a box", () => {
  const t = testDbForFile({ install: true });
  let dir: string;
  let s: Seeded;
  let host: string;
  let core: NodeCore;
  let client: ProxyClient;
  let page: Awaited<ReturnType<typeof startPage>>;
  let server: AgentRoutesServer;
  const subs: Record<"direct" | "outage" | "lost", { subId: string; userId: string; email: string }> = {} as never;
  let agentEnv: Record<string, string>;
  let stateDir: string;
  const savedTz = process.env.TZ;

  const rowsOf = (subscriptionId: string) => t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, subscriptionId));
  const totals = async () => {
    const [r] = await t.db
      .select({ rows: sql<number>`count(*)::int`, connections: sql<number>`coalesce(sum(${subscriptionAccessLogs.connectionCount}), 0)::int` })
      .from(subscriptionAccessLogs)
      .where(eq(subscriptionAccessLogs.source, "NODE"));
    return r!;
  };

  /** `n` requests through the node as `email`; resolves when the core has logged all of them. */
  async function traffic(email: string, n: number): Promise<{ from: number; to: number; lines: string[] }> {
    // The core logs whole seconds: the window starts at the second the first connection may be stamped with.
    const from = Math.floor(Date.now() / 1000) * 1000;
    for (let i = 0; i < n; i++) expect(await client.get(email, `http://127.0.0.1:${page.port}/`)).toEqual({ status: 200, body: PAGE });
    const lines = await waitForAccessLines(core.accessLog, email, n);
    return { from, to: Date.now(), lines };
  }

  beforeAll(async () => {
    host = hostAddress();
    buildAgent();
    useMemoryLimiter();
    dir = mkdtempSync(join(tmpdir(), "agent-e2e-"));
    s = await seedNode(t.db);
    await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: false, nodeLogWarnConnections: 1000, nodeLogSuspendConnections: 2000 });
    const clients: CoreClient[] = [];
    for (const name of ["direct", "outage", "lost"] as const) {
      const c = await seedSubscription(t.db, s);
      const [nc] = await t.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, c.sub.id));
      subs[name] = { subId: c.sub.id, userId: c.userId, email: c.email };
      clients.push({ email: c.email, id: decryptSecret(nc!.credentialEnc) });
    }
    // Children inherit the zone: v2ray is started while TZ is set (restored in afterAll).
    process.env.TZ = TZ;
    core = await startNodeCore({ binary: v2ray!, dir, clients });
    client = await startProxyClient({ binary: v2ray!, dir, server: { address: host, port: core.port }, clients });
    page = await startPage(PAGE);
    server = await new AgentRoutesServer().start();

    stateDir = join(dir, "agent-state");
    const tokenFile = join(dir, "agent-token");
    writeFileSync(tokenFile, `${s.node.token}\n`, { mode: 0o600 });
    agentEnv = {
      TZ,
      RELAYBOARD_SERVER_URL: server.url,
      RELAYBOARD_AGENT_TOKEN_FILE: tokenFile,
      RELAYBOARD_STATE_DIR: stateDir,
      RELAYBOARD_ACCESS_LOG: core.accessLog,
      // The core's log is fresh: every line in it is this test's traffic.
      RELAYBOARD_ACCESS_LOG_START: "start",
      RELAYBOARD_LATENCY_INTERVAL: "0",
      RELAYBOARD_TRACE_INTERVAL: "0",
      RELAYBOARD_METRICS_INTERVAL: "0",
      RELAYBOARD_LOG_LEVEL: "debug",
    };
  }, 60_000);

  afterAll(async () => {
    await client?.stop();
    await core?.stop();
    await page?.close();
    await server?.stop();
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("real connections through v2ray become NODE access-log rows of the right subscription", async () => {
    const { email, subId, userId } = subs.direct;
    const sent = await traffic(email, 3);
    // v2ray 4's line form, from this machine's own address (not loopback, which the agent drops).
    for (const line of sent.lines) expect(line).toMatch(new RegExp(`^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2} ${host.replaceAll(".", "\\.")}:\\d+ accepted tcp:127\\.0\\.0\\.1:${page.port} \\[direct\\] email: `));

    const run = await runAgent(["--once"], agentEnv);
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.code).toBe(0);

    const rows = await rowsOf(subId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId,
      nodeId: s.node.id,
      source: "NODE",
      outcome: "OK",
      ip: host,
      inboundTag: "",
      network: "tcp",
      action: "accepted",
      targetHost: "127.0.0.1",
      targetPort: page.port,
      connectionCount: 3,
      uniqueTargetCount: 1,
    });
    // The row carries the connection's time as the core logged it, read in the core's zone: a zone
    // mistake puts it hours off, or makes the server fall back to the time of the report (after `to`).
    const at = rows[0]!.createdAt.getTime();
    expect(at).toBeGreaterThanOrEqual(sent.from);
    expect(at).toBeLessThanOrEqual(sent.to);
    expect(await totals()).toEqual({ rows: 1, connections: 3 });
    expect(server.served.map((r) => [r.path, r.status])).toEqual([["/api/agent/node-access", 200]]);
  }, 20_000);

  it("with the server stopped the batch stays queued, and is delivered once when it is back", async () => {
    const { email, subId } = subs.outage;
    await traffic(email, 2);
    const before = await totals();
    const served = server.served.length;
    await server.stop();

    // No retries: the outage lasts longer than this run; the batch must survive the process.
    const down = await runAgent(["--once"], { ...agentEnv, RELAYBOARD_ONCE_RETRIES: "0" });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("some reports are still queued");
    const queued = await agentStatus(stateDir);
    expect(queued.json.queue.batches).toBe(1);
    expect(queued.text).toContain("queue: 1 batches");
    expect(queued.json.status!.lastReport["node-access"]).toMatchObject({ ok: false });
    expect(await rowsOf(subId)).toHaveLength(0);

    await server.start(server.port);
    const back = await runAgent(["--once"], agentEnv);
    expect(back.code).toBe(0);
    expect((await agentStatus(stateDir)).json.queue.batches).toBe(0);
    // And a run after that finds nothing new to send: the lines were not read twice.
    expect((await runAgent(["--once"], agentEnv)).code).toBe(0);

    const rows = await rowsOf(subId);
    expect(rows.map((r) => [r.ip, r.connectionCount])).toEqual([[host, 2]]);
    expect(await totals()).toEqual({ rows: before.rows + 1, connections: before.connections + 2 });
    expect(server.served.slice(served).map((r) => [r.path, r.status])).toEqual([["/api/agent/node-access", 200]]);
  }, 20_000);

  it("a batch whose answer was lost is retried with the same Idempotency-Key and counted once", async () => {
    const { email, subId } = subs.lost;
    const sent = await traffic(email, 4);
    const before = await totals();
    const proxy = await new DropFirstAnswerProxy({ host: "127.0.0.1", port: server.port }).start();
    try {
      const run = await runAgent(["--once"], { ...agentEnv, RELAYBOARD_SERVER_URL: proxy.url });
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/delivery failed; retrying/);

      const [lost, retry] = proxy.exchanges;
      expect(proxy.exchanges).toHaveLength(2);
      expect(lost).toMatchObject({ path: "/api/agent/node-access", status: 200, replayed: null, delivered: false });
      expect(retry).toMatchObject({ path: "/api/agent/node-access", status: 200, replayed: "true", delivered: true });
      expect(retry!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(retry!.idempotencyKey).toBe(lost!.idempotencyKey);
      expect(retry!.requestBody).toBe(lost!.requestBody);
      expect(JSON.parse(retry!.responseBody)).toEqual(JSON.parse(lost!.responseBody));
      expect(JSON.parse(lost!.responseBody)).toMatchObject({ ok: true, processed: 1, skipped: 0 });

      // What the agent sent: one event for the four connections, stamped in the core's zone.
      const [event] = JSON.parse(lost!.requestBody).events as Record<string, unknown>[];
      expect(event).toMatchObject({ clientEmail: email, sourceIp: host, inboundTag: "", network: "tcp", action: "accepted", connectionCount: 4 });
      expect(event!.lastSeenAt).toMatch(/\+08:00$/);
      for (const k of ["firstSeenAt", "lastSeenAt"]) {
        const at = Date.parse(event![k] as string);
        expect(at).toBeGreaterThanOrEqual(sent.from);
        expect(at).toBeLessThanOrEqual(sent.to);
      }

      const rows = await rowsOf(subId);
      expect(rows.map((r) => [r.ip, r.connectionCount])).toEqual([[host, 4]]);
      expect(await totals()).toEqual({ rows: before.rows + 1, connections: before.connections + 4 });
      const batches = await t.db.select().from(agentBatches).where(and(eq(agentBatches.nodeId, s.node.id), eq(agentBatches.key, lost!.idempotencyKey!)));
      expect(batches).toHaveLength(1);
      expect((await agentStatus(stateDir)).json.queue.batches).toBe(0);
    } finally {
      await proxy.stop();
    }
  }, 20_000);
});

// GET /api/metrics through the custom server's request listener on a real socket, with a stand-in
// for Next: closed without a token, 401 for a wrong one (rate limited per IP), the exposition for
// the right one; counters that move by exactly the traffic sent (HTTP, subscription fetches,
// node-access batches, payments, task failures), the task depth read at scrape time, the pool
// gauges, bounded labels, and nothing secret or personal in the text.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appConfig, tasks } from "../../src/server/db/schema";
import { parseTrustedProxies } from "../../src/server/http/client-ip";
import { makeRequestListener } from "../../src/server/http/request-listener";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { reportNodeAccess } from "../../src/server/services/risk";
import { getSettings, updateSettings } from "../../src/server/services/settings";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import { cliCtx } from "../helpers/actors";
import { withEnv } from "../helpers/env";
import { testDbForFile } from "../helpers/db";
import { redisLimiterFixture, useMemoryLimiter, type RedisLimiterFixture } from "../helpers/limiter";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { IP, riskConfig, seedNode, seedSubscription, type Seeded } from "../risk-engine/seed";
import { agentCtx } from "../telemetry/helpers";
import { parseExposition, seriesOf, valueOf, type Samples } from "./exposition";

const t = testDbForFile();
const TOKEN = `mt_${randomUUID().replaceAll("-", "")}`;
let server: Server;
let base = "";
let s: Seeded;
let redis: RedisLimiterFixture | undefined;

beforeAll(async () => {
  // The per-IP failure limit on the limiter the run has: Redis when configured, else memory.
  if (process.env.TEST_REDIS_URL) setLimiter((redis = redisLimiterFixture()).limiter);
  else useMemoryLimiter();
  const next = async (req: { url?: string }, res: import("node:http").ServerResponse) => {
    res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, { "content-type": "text/plain" });
    res.end("next");
  };
  server = createServer(makeRequestListener(next, { trusted: parseTrustedProxies("127.0.0.1"), appHttps: false, dev: false, db: t.db }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s = await seedNode(t.db);
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await flushAccessLogs();
  await redis?.close();
});

let ipN = 1;
const freshIp = () => `198.51.100.${ipN++}`;
const SCRAPER_IP = "192.0.2.10";
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { "x-forwarded-for": freshIp(), ...headers } });
const reasonOf = async (res: Response) => ((await res.json()) as { error: { details: { reason: string } } }).error.details.reason;
const setToken = (metricsToken: string) => updateSettings(cliCtx(t.db), { metricsToken });
const clearToken = () => updateSettings(cliCtx(t.db), {}, { clearSecrets: ["metricsToken"] });

async function scrapeText(): Promise<string> {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": SCRAPER_IP } });
  expect(res.status).toBe(200);
  return res.text();
}
const scrape = async (): Promise<Samples> => parseExposition(await scrapeText());

describe("metrics endpoint: access", () => {
  it("is closed while no token is set: 404, with or without a bearer token", async () => {
    expect((await getSettings(cliCtx(t.db))).secretsSet.metricsToken).toBe(false);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: "Bearer " }] as Record<string, string>[]) {
      const res = await get("/api/metrics", headers);
      expect(res.status).toBe(404);
      expect(await reasonOf(res)).toBe("metrics_disabled");
    }
  });

  it("stores the token encrypted and reports it only as set", async () => {
    await setToken(TOKEN);
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, "metricsToken"));
    expect(String(row!.value)).toMatch(/^v1\./);
    expect(String(row!.value)).not.toContain(TOKEN);
    const shown = await getSettings(cliCtx(t.db));
    expect(shown.secretsSet.metricsToken).toBe(true);
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
  });

  it("refuses a token that is too short or holds spaces", async () => {
    await expect(updateSettings(cliCtx(t.db), { metricsToken: "short" })).rejects.toMatchObject({ reason: "settings_invalid" });
    await expect(updateSettings(cliCtx(t.db), { metricsToken: "has a space in the middle of it" })).rejects.toMatchObject({ reason: "settings_invalid" });
  });

  it("answers 401 to a missing, wrong or differently-cased scheme token, and 200 with the exposition type to the right one", async () => {
    await setToken(TOKEN);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await get("/api/metrics", authorization ? { authorization } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await reasonOf(res)).toBe("metrics_token_invalid");
    }
    const ok = await get("/api/metrics", { authorization: `bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const text = await ok.text();
    expect(text).toContain("# TYPE relayboard_http_requests_total counter");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    const head = await fetch(`${base}/api/metrics`, { method: "HEAD", headers: { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": freshIp() } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("limits failures per IP (10 per 10 minutes) while right tokens from that IP cost nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await get("/api/metrics", { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": ip })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get("/api/metrics", { authorization: "Bearer wrong-token-0123456789", "x-forwarded-for": ip })).status).toBe(401);
    const limited = await get("/api/metrics", { authorization: "Bearer wrong-token-0123456789", "x-forwarded-for": ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Counted before the check: the right token from that IP waits out the window too ...
    expect((await get("/api/metrics", { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": ip })).status).toBe(429);
    // ... while other addresses are unaffected.
    expect((await get("/api/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("answers 503 (never open, never 404) when the stored token cannot be decrypted", async () => {
    await withEnv({ ENCRYPTION_KEY: "a".repeat(64) }, () => setToken(`${TOKEN}-old-key`));
    expect((await getSettings(cliCtx(t.db))).secretsUnreadable.metricsToken).toBe(true);
    for (const authorization of [`Bearer ${TOKEN}-old-key`, `Bearer ${TOKEN}`]) {
      const res = await get("/api/metrics", { authorization });
      expect(res.status).toBe(503);
      expect(await reasonOf(res)).toBe("metrics_unavailable");
    }
    await setToken(TOKEN);
    expect((await get("/api/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("closes again (404) once the token is cleared", async () => {
    await clearToken();
    const res = await get("/api/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    await setToken(TOKEN);
  });
});

describe("metrics endpoint: what it counts", () => {
  it("counts every request by route pattern, method and status, with one latency observation each", async () => {
    await setToken(TOKEN);
    const before = await scrape();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await get(`/api/subscription/${id}?token=tok-${id}`)).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await get("/dashboard")).status).toBe(200);
    // A plain POST (no Server Action) to a page is refused by the listener (issue 21, item 7): counted too.
    expect((await fetch(`${base}/dashboard`, { method: "POST", headers: { "x-forwarded-for": freshIp() } })).status).toBe(405);
    expect((await get(`/orders/${ids[0]}/pay`)).status).toBe(200);
    expect((await get("/missing/wp-login.php")).status).toBe(404);
    expect((await get("/%E0%A4%A")).status).toBe(400); // refused by the listener before Next: counted too
    const after = await scrape();
    const delta = (labels: Record<string, string>) => valueOf(after, "relayboard_http_requests_total", labels) - valueOf(before, "relayboard_http_requests_total", labels);
    expect(delta({ method: "GET", route: "/api/subscription/[id]", status: "404" })).toBe(3);
    expect(delta({ method: "GET", route: "/dashboard", status: "200" })).toBe(2);
    expect(delta({ method: "POST", route: "/dashboard", status: "405" })).toBe(1);
    expect(delta({ method: "GET", route: "/orders/[id]/pay", status: "200" })).toBe(1);
    expect(delta({ method: "GET", route: "other", status: "404" })).toBe(1);
    expect(delta({ method: "GET", route: "other", status: "400" })).toBe(1);
    const hist = (labels: Record<string, string>) =>
      valueOf(after, "relayboard_http_request_duration_seconds_count", labels) - valueOf(before, "relayboard_http_request_duration_seconds_count", labels);
    expect(hist({ method: "GET", route: "/api/subscription/[id]" })).toBe(3);
    expect(hist({ method: "GET", route: "/dashboard" })).toBe(2);
    const inf = valueOf(after, "relayboard_http_request_duration_seconds_bucket", { method: "GET", route: "/dashboard", le: "+Inf" });
    expect(inf).toBe(valueOf(after, "relayboard_http_request_duration_seconds_count", { method: "GET", route: "/dashboard" }));
    // Bounded labels: three ids made no new series, and no id reached the text.
    const text = await scrapeText();
    const subSeries = seriesOf(parseExposition(text), "relayboard_http_requests_total").filter((k) => k.includes("/api/subscription/"));
    expect(subSeries).toEqual(['relayboard_http_requests_total{method="GET",route="/api/subscription/[id]",status="404"}']);
    for (const id of ids) expect(text).not.toContain(id);
  });

  it("counts subscription fetches by format and outcome, including those answered before Next", async () => {
    const a = await seedSubscription(t.db, s);
    const before = await scrape();
    expect((await get(`/api/subscription/${a.sub.id}?token=${a.token}&format=clash`)).status).toBe(200);
    expect((await get(`/api/subscription/${a.sub.id}?token=${a.token}&format=clash`)).status).toBe(200);
    expect((await get(`/api/subscription/${a.sub.id}?token=${a.token}&format=sing-box`)).status).toBe(200);
    expect((await get(`/api/subscription/${a.sub.id}?token=wrong${a.token}&format=base64`)).status).toBe(404);
    expect((await get(`/api/subscription/${a.sub.id}?token=${a.token}&format=nope`)).status).toBe(400);
    const after = await scrape();
    const delta = (labels: Record<string, string>) => valueOf(after, "relayboard_subscription_fetches_total", labels) - valueOf(before, "relayboard_subscription_fetches_total", labels);
    expect(delta({ format: "clash", outcome: "ok" })).toBe(2);
    expect(delta({ format: "sing-box", outcome: "ok" })).toBe(1);
    expect(delta({ format: "base64", outcome: "token_invalid" })).toBe(1);
    expect(delta({ format: "unknown", outcome: "format_unknown" })).toBe(1);
    const text = await scrapeText();
    for (const secret of [a.token, a.sub.id, a.email, a.userId]) expect(text).not.toContain(secret);
  });

  it("counts node-access events processed and skipped, warnings and suspensions", async () => {
    await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: true, nodeLogWarnConnections: 5, nodeLogSuspendConnections: 50, nodeLogWarnTargets: 80, nodeLogSuspendTargets: 160 });
    const warned = await seedSubscription(t.db, s);
    const suspended = await seedSubscription(t.db, s);
    const ev = (email: string | undefined, connectionCount: number) => ({
      clientEmail: email,
      sourceIp: IP.hangzhou,
      inboundTag: "inbound-443",
      network: "tcp",
      targetHost: "example.com",
      targetPort: 443,
      action: "accepted",
      connectionCount,
      uniqueTargetCount: 1,
    });
    const before = await scrape();
    const res = await reportNodeAccess(agentCtx(t.db, s.node.id), {
      events: [ev(warned.email, 10), ev(suspended.email, 60), ev(undefined, 1), ev("nobody@risk.test", 1), null],
    });
    expect(res).toMatchObject({ processed: 2, skipped: 3, warnings: 1, suspended: 1 });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("relayboard_node_access_events_total", { result: "processed" })).toBe(2);
    expect(delta("relayboard_node_access_events_total", { result: "skipped" })).toBe(3);
    expect(delta("relayboard_node_access_risk_actions_total", { action: "warning" })).toBe(1);
    expect(delta("relayboard_node_access_risk_actions_total", { action: "suspended" })).toBe(1);
    await riskConfig(t.db, { riskAutoSuspend: false });
  });

  it("reads the task queue depth at scrape time and counts failed attempts by kind", async () => {
    const kind = "metrics.test.fail";
    registerTaskHandler(kind, async () => {
      throw new Error("always fails");
    });
    const later = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 3; i++) await enqueueTask(t.db, "metrics.test.later", { i }, { runAt: later });
    const depth = async (status: "PENDING" | "FAILED") => (await t.db.select({ n: count() }).from(tasks).where(eq(tasks.status, status)))[0]!.n;
    let now = await scrape();
    expect(valueOf(now, "relayboard_tasks", { status: "PENDING" })).toBe(await depth("PENDING"));
    const pendingBefore = valueOf(now, "relayboard_tasks", { status: "PENDING" });
    expect(pendingBefore).toBeGreaterThanOrEqual(3);
    await enqueueTask(t.db, kind, {}, { maxAttempts: 1 });
    await enqueueTask(t.db, kind, {}, { maxAttempts: 1 });
    now = await scrape();
    expect(valueOf(now, "relayboard_tasks", { status: "PENDING" })).toBe(pendingBefore + 2);
    for (const status of ["RUNNING", "SUCCEEDED", "FAILED"]) expect(seriesOf(now, "relayboard_tasks")).toContain(`relayboard_tasks{status="${status}"}`);
    const failedBefore = valueOf(now, "relayboard_tasks", { status: "FAILED" });
    await runDueTasks(t.db, 100);
    const after = await scrape();
    expect(valueOf(after, "relayboard_task_failures_total", { kind, final: "true" }) - valueOf(now, "relayboard_task_failures_total", { kind, final: "true" })).toBe(2);
    expect(valueOf(after, "relayboard_tasks", { status: "FAILED" })).toBe(await depth("FAILED"));
    expect(valueOf(after, "relayboard_tasks", { status: "FAILED" })).toBeGreaterThanOrEqual(failedBefore + 2);
  });

  it("counts recorded payments by provider and outcome", async () => {
    const before = await scrape();
    const outcome = await recordVerifiedPayment(t.db, { tradeNo: `no-such-${randomUUID()}`, amountMinor: 100, evidence: {}, now: new Date() });
    expect(outcome.kind).toBe("unknown_trade");
    const after = await scrape();
    const labels = { provider: "unknown", outcome: "unknown_trade" };
    expect(valueOf(after, "relayboard_payments_recorded_total", labels) - valueOf(before, "relayboard_payments_recorded_total", labels)).toBe(1);
  });

  it("reports the database pool, and never a token, an address or an email", async () => {
    const text = await scrapeText();
    const now = parseExposition(text);
    if (t.kind === "pg") {
      expect(valueOf(now, "relayboard_db_info", { kind: "pg" })).toBe(1);
      expect(valueOf(now, "relayboard_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      for (const state of ["idle", "waiting"]) expect(seriesOf(now, "relayboard_db_pool_connections")).toContain(`relayboard_db_pool_connections{state="${state}"}`);
    } else {
      expect(valueOf(now, "relayboard_db_info", { kind: "pglite" })).toBe(1);
      expect(valueOf(now, "relayboard_db_pool_connections", { state: "total" })).toBe(1);
    }
    expect(text).not.toContain(TOKEN);
    expect(text).not.toMatch(/\b(?:198\.51\.100|192\.0\.2|127\.0\.0)\.\d+/);
    expect(text).not.toContain("@");
  });
});

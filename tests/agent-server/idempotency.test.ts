// Idempotency-Key on the agent routes: a batch is processed once per key, a failed attempt leaves
// nothing behind so its retry is processed, and concurrent copies (PostgreSQL: separate pooled
// connections) are counted once without an error.
import { sql } from "drizzle-orm";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postAccess } from "../../src/app/api/agent/node-access/route";
import { POST as postLatency } from "../../src/app/api/agent/latency/route";
import { POST as postTrace } from "../../src/app/api/agent/trace/route";
import { agentBatches, nodeLatencyLogs, riskGeoMarks, subscriptionAccessLogs } from "../../src/server/db/schema";
import { setTaskKicker } from "../../src/server/services/tasks";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { insertNode } from "../telemetry/helpers";
import { riskConfig, seedNode, seedSubscription, type Seeded } from "../risk-engine/seed";
import { accessEvent, newKey, postAgent } from "./post";

const t = testDbForFile({ install: true });
let s: Seeded;
beforeAll(async () => {
  s = await seedNode(t.db);
});
beforeEach(async () => {
  // A fresh limiter per test: these tests post far more than one node's 120 a minute in total.
  useMemoryLimiter();
  await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: false, riskWarnCountries: 2, riskSuspendCountries: 5, nodeLogWarnConnections: 1000, nodeLogSuspendConnections: 2000 });
});

const accessRows = async (subscriptionId: string) => (await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, subscriptionId))).length;
const batchRow = async (nodeId: string, key: string) => (await t.db.select().from(agentBatches).where(and(eq(agentBatches.nodeId, nodeId), eq(agentBatches.key, key))))[0];
const send = (body: unknown, key: string | null = newKey()) => postAgent(postAccess, { token: s.node.token, key, body });

describe("node-access with an Idempotency-Key", () => {
  it("processes a key once: the same key again gets the same answer and writes nothing more", async () => {
    const c = await seedSubscription(t.db, s);
    const body = { events: [accessEvent(c.email), accessEvent(c.email, "1.202.0.1")] };
    const key = newKey();
    const first = await send(body, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, processed: 2, skipped: 0 });
    expect(await accessRows(c.sub.id)).toBe(2);
    const again = await send(body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await accessRows(c.sub.id)).toBe(2);
    const row = await batchRow(s.node.id, key);
    expect(row).toMatchObject({ kind: "access", response: first.body });
  });

  it("counts the same events twice under two keys, and without a key as before", async () => {
    const c = await seedSubscription(t.db, s);
    const body = { events: [accessEvent(c.email)] };
    expect((await send(body)).status).toBe(200);
    expect((await send(body)).status).toBe(200);
    expect(await accessRows(c.sub.id)).toBe(2);
    const plain = await send(body, null);
    expect(plain.body).toMatchObject({ processed: 1 });
    expect(await accessRows(c.sub.id)).toBe(3);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(101)],
    ["a space", "batch key 1"],
    ["a slash", "batch/key/12"],
    ["empty", ""],
  ])("refuses a key with %s (400) and writes nothing", async (_, key) => {
    const c = await seedSubscription(t.db, s);
    const res = await send({ events: [accessEvent(c.email)] }, key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: "VALIDATION", details: { reason: "agent_batch_key_malformed" } } });
    expect(await accessRows(c.sub.id)).toBe(0);
  });

  it("accepts the edges of the key shape (8 and 100 characters of [A-Za-z0-9_-])", async () => {
    const c = await seedSubscription(t.db, s);
    for (const key of ["Ab0_-xyZ", `${"k".repeat(99)}_`]) expect((await send({ events: [accessEvent(c.email)] }, key)).status).toBe(200);
    expect(await accessRows(c.sub.id)).toBe(2);
  });

  it("keeps nothing of a batch whose verb failed, so the retry with the same key is processed", async () => {
    const c = await seedSubscription(t.db, s);
    const body = { events: [accessEvent(c.email)] };
    const key = newKey();
    // The place-mark write comes after the access-log insert: the failure must take that row back too.
    await t.db.execute(sql.raw(`create or replace function rb_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
    await t.db.execute(sql.raw(`create trigger rb_test_fail_marks before insert on risk_geo_marks for each statement execute function rb_test_fail()`));
    try {
      const failed = await send(body, key);
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql.raw(`drop trigger rb_test_fail_marks on risk_geo_marks`));
    }
    expect(await accessRows(c.sub.id)).toBe(0);
    expect(await batchRow(s.node.id, key)).toBeUndefined();
    const retry = await send(body, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ processed: 1 });
    expect(await accessRows(c.sub.id)).toBe(1);
  });

  it("rolls back a batch that fails after the verb (storing the answer), and the retry writes its place marks again", async () => {
    const c = await seedSubscription(t.db, s);
    const body = { events: [accessEvent(c.email, "81.2.69.160")] };
    const key = newKey();
    await t.db.execute(sql.raw(`create or replace function rb_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
    await t.db.execute(sql.raw(`create trigger rb_test_fail_answer before update on agent_batches for each statement execute function rb_test_fail()`));
    try {
      expect((await send(body, key)).status).toBe(500);
    } finally {
      await t.db.execute(sql.raw(`drop trigger rb_test_fail_answer on agent_batches`));
    }
    const scopeKey = `sub:${c.sub.id}`;
    const marks = () => t.db.select().from(riskGeoMarks).where(eq(riskGeoMarks.scopeKey, scopeKey));
    expect(await accessRows(c.sub.id)).toBe(0);
    expect(await marks()).toHaveLength(0);
    // The verb's in-process memory of written marks must not outlive their rollback.
    expect((await send(body, key)).status).toBe(200);
    expect(await accessRows(c.sub.id)).toBe(1);
    expect((await marks()).length).toBeGreaterThan(0);
  });

  it("refuses a key already used for another kind of report", async () => {
    const key = newKey();
    expect((await postAgent(postLatency, { token: s.node.token, key, body: { latencies: [] } })).status).toBe(200);
    const res = await postAgent(postTrace, { token: s.node.token, key, body: { traces: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { details: { reason: "agent_batch_key_other_kind", kind: "latency" } } });
  });

  it("keys are per node: another node's batch with the same key is its own", async () => {
    const other = await seedNode(t.db);
    const a = await seedSubscription(t.db, s);
    const b = await seedSubscription(t.db, other);
    const key = newKey();
    expect((await send({ events: [accessEvent(a.email)] }, key)).body).toMatchObject({ processed: 1 });
    expect((await postAgent(postAccess, { token: other.node.token, key, body: { events: [accessEvent(b.email)] } })).body).toMatchObject({ processed: 1 });
    expect(await accessRows(a.sub.id)).toBe(1);
    expect(await accessRows(b.sub.id)).toBe(1);
  });

  it("answers an error without storing it: the same key is tried afresh", async () => {
    const key = newKey();
    const bad = await send({ events: "nope" }, key);
    expect(bad.status).toBe(400);
    expect(await batchRow(s.node.id, key)).toBeUndefined();
    expect((await send({ events: [] }, key)).status).toBe(200);
  });

  it("wakes the task worker after the batch committed, not inside its transaction", async () => {
    const c = await seedSubscription(t.db, s);
    const key = newKey();
    // What a query on another connection sees at the moment of the kick (PGlite: after the commit anyway).
    const seen: Promise<unknown>[] = [];
    setTaskKicker(() => seen.push(batchRow(s.node.id, key).then((r) => r?.response ?? null)));
    try {
      // Two countries in the window: a geo warning, whose notification the worker may have to mail.
      const res = await send({ events: [accessEvent(c.email, "223.5.5.5"), accessEvent(c.email, "8.8.8.8")] }, key);
      expect(res.body).toMatchObject({ processed: 2, warnings: 1 });
    } finally {
      setTaskKicker(undefined);
    }
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toMatchObject({ warnings: 1 });
  });

  it(`counts concurrent copies of one batch once, without a server error (${process.env.TEST_DATABASE_URL ? "PostgreSQL, separate connections" : "PGlite, serialized"})`, async () => {
    const c = await seedSubscription(t.db, s);
    const body = { events: [accessEvent(c.email), accessEvent(c.email, "1.202.0.1", 7)] };
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(body, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(answers[0]!.body).toMatchObject({ processed: 2 });
    expect(await accessRows(c.sub.id)).toBe(2);
  });

  it("processes concurrent batches with different keys each once", async () => {
    const c = await seedSubscription(t.db, s);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send({ events: [accessEvent(c.email)] })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await accessRows(c.sub.id)).toBe(4);
  });
});

describe("latency with an Idempotency-Key", () => {
  it("logs a batch once per key and twice under two keys", async () => {
    const node = await insertNode(t.db);
    const logs = async () => (await t.db.select().from(nodeLatencyLogs).where(eq(nodeLatencyLogs.nodeId, node.id))).length;
    const body = { latencies: [{ carrier: "telecom", latencyMs: 31.5 }, { carrier: "mobile", latencyMs: 80 }] };
    const key = newKey();
    const first = await postAgent(postLatency, { token: node.token, key, body });
    const again = await postAgent(postLatency, { token: node.token, key, body });
    expect(first).toMatchObject({ status: 200, body: { ok: true, updated: 2, logged: 2 } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await logs()).toBe(2);
    expect((await postAgent(postLatency, { token: node.token, key: newKey(), body })).status).toBe(200);
    expect(await logs()).toBe(4);
  });

  it("counts concurrent copies once", async () => {
    const node = await insertNode(t.db);
    const key = newKey();
    const body = { latencies: [{ carrier: "unicom", latencyMs: 12 }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postAgent(postLatency, { token: node.token, key, body })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await t.db.select().from(nodeLatencyLogs).where(eq(nodeLatencyLogs.nodeId, node.id))).length).toBe(1);
  });

  it("checks the token before the key: an unknown agent is 401 whatever key it sends", async () => {
    const res = await postAgent(postLatency, { token: `rbn_${"A".repeat(43)}`, key: "bad key", body: { latencies: [] } });
    expect(res.status).toBe(401);
  });
});

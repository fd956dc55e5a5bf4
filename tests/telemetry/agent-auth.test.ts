// Agent authentication: Bearer token -> node with one indexed lookup; everything else is a 401.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postLatency } from "../../src/app/api/agent/latency/route";
import { POST as postTrace } from "../../src/app/api/agent/trace/route";
import { nodeLatencyLogs, nodes } from "../../src/server/db/schema";
import { hashAgentToken, newAgentToken, resolveAgentNode } from "../../src/server/services/telemetry";
import { createTestDb, type TestDb } from "../helpers/db";
import { insertNode } from "./helpers";
import { LIMITS } from "../../src/server/rate-limit/policies";

let t: TestDb;
let node: Awaited<ReturnType<typeof insertNode>>;
beforeAll(async () => {
  // Installed as the process database so the route handlers (getDb) use it too.
  t = await createTestDb({ install: true });
  node = await insertNode(t.db);
});
afterAll(() => t.close());

const validShapeUnknown = `rbn_${"A".repeat(43)}`;

describe("resolveAgentNode", () => {
  it("resolves a valid token to its node, whatever the case of the scheme", async () => {
    expect(await resolveAgentNode(t.db, `Bearer ${node.token}`)).toBe(node.id);
    expect(await resolveAgentNode(t.db, `bearer  ${node.token} `)).toBe(node.id);
  });

  it("stores tokens as the keyed hash the nodes service writes", () => {
    const { token, hash } = newAgentToken();
    expect(token).toMatch(/^rbn_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashAgentToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAgentToken(token)).not.toBe(hashAgentToken(newAgentToken().token));
  });

  it.each([
    ["missing", undefined, /missing/i],
    ["empty", "", /missing/i],
    ["not Bearer", `Basic ${Buffer.from("a:b").toString("base64")}`, /bearer/i],
    ["Bearer without a token", "Bearer ", /missing|bearer/i],
    ["token without scheme", validShapeUnknown, /bearer/i],
    ["wrong prefix", `Bearer rbx_${"A".repeat(43)}`, /invalid/i],
    ["too short", "Bearer rbn_abc", /invalid/i],
    ["too long", `Bearer rbn_${"A".repeat(44)}`, /invalid/i],
    ["bad charset", `Bearer rbn_${"A".repeat(42)}!`, /invalid/i],
    ["two tokens", `Bearer rbn_${"A".repeat(43)} rbn_${"B".repeat(43)}`, /bearer/i],
    ["unknown", `Bearer ${validShapeUnknown}`, /invalid/i],
  ])("refuses a %s header with UNAUTHENTICATED", async (_, header, message) => {
    await expect(resolveAgentNode(t.db, header)).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: expect.stringMatching(message) });
  });

  it("refuses a revoked token (hash cleared)", async () => {
    const other = await insertNode(t.db);
    expect(await resolveAgentNode(t.db, `Bearer ${other.token}`)).toBe(other.id);
    await t.db.update(nodes).set({ agentTokenHash: null, agentTokenEnc: null }).where(eq(nodes.id, other.id));
    await expect(resolveAgentNode(t.db, `Bearer ${other.token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses a valid token with one character changed", async () => {
    await expect(resolveAgentNode(t.db, `Bearer ${node.token!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

const post = (handler: (req: Request) => Promise<Response>, auth: string | null, body: unknown) =>
  handler(
    new Request("http://relayboard.test/api/agent/x", {
      method: "POST",
      headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

describe("agent routes over HTTP", () => {
  it("limit each node to 120 reports a minute, with 429 and Retry-After, without touching other nodes", async () => {
    const busy = await insertNode(t.db);
    const other = await insertNode(t.db);
    const body = { latencies: [] };
    for (let i = 0; i < LIMITS.agentPerNode.limit; i++) expect((await post(postLatency, `Bearer ${busy.token}`, body)).status).toBe(200);
    const limited = await post(postTrace, `Bearer ${busy.token}`, { traces: [] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await post(postLatency, `Bearer ${other.token}`, body)).status).toBe(200);
  });

  it("answer 401 with the error body and a Bearer challenge, writing nothing", async () => {
    for (const [handler, body] of [
      [postLatency, { latencies: [{ carrier: "telecom", latencyMs: 10 }] }],
      [postTrace, { traces: [] }],
    ] as const) {
      for (const auth of [null, "Bearer nope", `Bearer ${validShapeUnknown}`]) {
        const res = await post(handler, auth, body);
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await res.json()).toMatchObject({ error: { code: "UNAUTHENTICATED", message: expect.any(String) } });
      }
    }
    expect(await t.db.select().from(nodeLatencyLogs)).toHaveLength(0);
  });

  it("accept a valid token and report for that token's node", async () => {
    const res = await post(postLatency, `Bearer ${node.token}`, { latencies: [{ carrier: "telecom", latencyMs: 42.5 }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, updated: 1, logged: 1 });
    const logs = await t.db.select().from(nodeLatencyLogs);
    expect(logs.map((l) => [l.nodeId, l.carrier, l.latencyMs])).toEqual([[node.id, "telecom", 42.5]]);

    const tr = await post(postTrace, `Bearer ${node.token}`, { traces: [{ carrier: "unicom", hops: [{ hop: 1, ip: "219.158.1.1", asn: "AS4837" }], summary: "CN2 GIA", hopCount: 1 }] });
    expect(tr.status).toBe(200);
    expect(await tr.json()).toMatchObject({ ok: true, updated: 1, traces: [{ carrier: "unicom", summary: "AS4837" }] });
  });

  it("map validation to 400, oversized bodies and batches to 413, bad JSON to 400", async () => {
    const auth = `Bearer ${node.token}`;
    expect((await post(postLatency, auth, { latencies: [{ carrier: "satellite", latencyMs: 1 }] })).status).toBe(400);
    expect((await post(postLatency, auth, "{not json")).status).toBe(400);
    const many = { latencies: Array.from({ length: 51 }, () => ({ carrier: "mobile", latencyMs: 1 })) };
    const res = await post(postLatency, auth, many);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    const huge = { traces: [{ carrier: "telecom", hops: [{ owner: "x".repeat(70 * 1024) }] }] };
    expect((await post(postTrace, auth, huge)).status).toBe(413);
  });
});

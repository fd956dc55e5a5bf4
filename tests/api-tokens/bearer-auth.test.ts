// The Bearer check of /api/v1/ over real HTTP: missing, malformed, unknown, expired and revoked
// tokens get 401 with a challenge; the body is read only after the token (and its scope) passed, and
// capped; bad input is a 400 with a code; limits per token and per client IP; the raw token is never
// stored, audited or logged; last_used_at moves at most once a minute.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, auditLogs } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { getLimiter, setLimiter } from "../../src/server/rate-limit/limiter";
import { authenticateApiToken, createApiToken, revokeApiToken } from "../../src/server/services/api-tokens";
import { hashApiToken } from "../../src/server/services/api-tokens/token";
import { makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { testDbForFile } from "../helpers/db";
import { redisLimiterFixture, useMemoryLimiter, type RedisLimiterFixture } from "../helpers/limiter";
import { nextClientIp, startV1Api, type V1Api } from "./v1-harness";

const t = testDbForFile({ install: true });
let api: V1Api;
let admin: Awaited<ReturnType<typeof makeUser>>;
// The limits as instances share them: in Redis when the run has one, in memory otherwise.
let redis: RedisLimiterFixture | undefined;
beforeAll(async () => {
  if (process.env.TEST_REDIS_URL) {
    redis = redisLimiterFixture();
    setLimiter(redis.limiter);
  } else useMemoryLimiter();
  api = await startV1Api();
  admin = await makeUser(t.db, "ADMIN");
});
afterAll(async () => {
  await api?.close();
  await redis?.close();
});

const newToken = (scopes: string[] = ["read:users"], expiresAt?: Date) => createApiToken(admin.ctx, { name: `t-${Math.random().toString(36).slice(2, 8)}`, scopes, expiresAt });
const calls = async (tokenId: string) => (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "api.v1.call"))).filter((r) => r.actorId === tokenId);

describe("who is refused", () => {
  const shaped = `rb_0123abcd_${"A".repeat(43)}`;
  it.each([
    ["no header", undefined, "api_token_missing"],
    ["an empty header", "", "api_token_missing"],
    ["Basic", `Basic ${Buffer.from("a:b").toString("base64")}`, "api_token_malformed"],
    ["Bearer without a token", "Bearer ", "api_token_malformed"],
    ["a token without the scheme", shaped, "api_token_malformed"],
    ["an agent token", `Bearer rbn_${"A".repeat(43)}`, "api_token_malformed"],
    ["a short token", "Bearer rb_0123abcd_abc", "api_token_malformed"],
    ["an upper-case prefix", `Bearer rb_0123ABCD_${"A".repeat(43)}`, "api_token_malformed"],
    ["two tokens", `Bearer ${shaped} ${shaped}`, "api_token_malformed"],
    ["an unknown token", `Bearer ${shaped}`, "api_token_invalid"],
  ])("%s: 401 with a Bearer challenge and nothing audited", async (_, authorization, reason) => {
    const before = await t.db.select().from(auditLogs);
    const r = await api.call("GET", "/api/v1/users", { authorization, ip: nextClientIp() });
    expect(r.status).toBe(401);
    expect(r.headers["www-authenticate"]).toBe('Bearer realm="relayboard-api"');
    expect(r.json.error).toMatchObject({ code: "UNAUTHENTICATED", details: { reason } });
    expect(await t.db.select().from(auditLogs)).toHaveLength(before.length);
  });

  it("a token one character off is unknown", async () => {
    const { token } = await newToken();
    const off = token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await api.call("GET", "/api/v1/users", { token: off, ip: nextClientIp() })).json.error).toMatchObject({ details: { reason: "api_token_invalid" } });
    expect((await api.call("GET", "/api/v1/users", { token, ip: nextClientIp() })).status).toBe(200);
  });

  it("an expired token: 401 once its time is past, the same answer as an unknown one", async () => {
    const { id, token } = await newToken(["read:users"], new Date(Date.now() + 3_600_000));
    expect((await api.call("GET", "/api/v1/users", { token })).status).toBe(200);
    await t.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, id));
    const r = await api.call("GET", "/api/v1/users", { token });
    expect(r.status).toBe(401);
    expect(r.json.error).toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "api_token_invalid" } });
    // The boundary: a token is refused at its expiry instant, not a moment after.
    const exp = new Date("2030-01-01T00:00:00Z");
    await t.db.update(apiTokens).set({ expiresAt: exp }).where(eq(apiTokens.id, id));
    await expect(authenticateApiToken(t.db, `Bearer ${token}`, new Date(exp.getTime() - 1))).resolves.toMatchObject({ kind: "token", tokenId: id });
    await expect(authenticateApiToken(t.db, `Bearer ${token}`, exp)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a revoked token: 401 on its next call", async () => {
    const { id, token } = await newToken();
    expect((await api.call("GET", "/api/v1/users", { token })).status).toBe(200);
    await revokeApiToken(admin.ctx, id);
    const r = await api.call("GET", "/api/v1/users", { token });
    expect(r.status).toBe(401);
    expect(r.json.error).toMatchObject({ details: { reason: "api_token_invalid" } });
  });

  it("answers in the caller's language, with the same code", async () => {
    const r = await api.call("GET", "/api/v1/users", { authorization: "Bearer nope", lang: "zh-CN", ip: nextClientIp() });
    expect(r.json.error).toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "api_token_malformed" } });
    expect(r.json.error!.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("bodies and input", () => {
  const big = JSON.stringify({ email: "a@example.com", planId: "00000000-0000-4000-8000-000000000000", pad: "x".repeat(8 * 1024) });

  it("the body is read only after the token and its scope: 401 and 403 before a 413", async () => {
    const reader = await newToken(["read:users"]);
    const writer = await newToken(["write:subscriptions"]);
    expect((await api.call("POST", "/api/v1/subscriptions/grant", { body: big, ip: nextClientIp() })).status).toBe(401);
    const refused = await api.call("POST", "/api/v1/subscriptions/grant", { token: reader.token, body: big });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ details: { reason: "token_scope_required", scope: "write:subscriptions" } });
    const r = await api.call("POST", "/api/v1/subscriptions/grant", { token: writer.token, body: big });
    expect(r.status).toBe(413);
    expect(r.json.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { maxBytes: 4096 } });
    expect((await calls(writer.id)).map((c) => c.metadata)).toEqual([{ method: "POST", route: "/api/v1/subscriptions/grant", status: 413, reason: "payload_too_large" }]);
  });

  it("bad input is a 400 naming the field; a wrong content type 415; an unknown recipient 404", async () => {
    const { token } = await newToken(["write:subscriptions", "read:users", "read:orders"]);
    const grant = (body: unknown, contentType?: string) => api.call("POST", "/api/v1/subscriptions/grant", { token, body, contentType });
    const planId = "00000000-0000-4000-8000-000000000000";
    expect((await grant({ email: "a@example.com", planId: "nope" })).json.error).toMatchObject({ code: "VALIDATION", details: { reason: "invalid_input", fields: { planId: "invalid" } } });
    expect((await grant({ planId })).json.error).toMatchObject({ code: "VALIDATION", details: { fields: { email: "required" } } });
    expect((await grant({ email: "a@example.com", userId: admin.id, planId })).json.error).toMatchObject({ code: "VALIDATION", details: { fields: { userId: "invalid" } } });
    expect((await grant({ email: "a@example.com", planId, days: 0 })).json.error).toMatchObject({ code: "VALIDATION", details: { fields: { days: "too_small" } } });
    expect((await grant("{not json")).json.error).toMatchObject({ code: "VALIDATION", details: { reason: "invalid_json" } });
    expect((await grant("email=a", "application/x-www-form-urlencoded")).status).toBe(415);
    const unknown = await grant({ userId: "00000000-0000-4000-8000-0000000000aa", planId });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ details: { reason: "user_not_found" } });
    expect((await api.call("GET", "/api/v1/users?status=SLEEPING", { token })).json.error).toMatchObject({ code: "VALIDATION", details: { fields: { status: "invalid_choice" } } });
    expect((await api.call("GET", "/api/v1/orders?pageSize=1000", { token })).json.error).toMatchObject({ code: "VALIDATION", details: { fields: { pageSize: "too_big" } } });
    expect((await api.call("GET", "/api/v1/users/not-a-uuid", { token })).status).toBe(404);
    expect((await api.call("POST", "/api/v1/subscriptions/not-a-uuid/suspend", { token })).status).toBe(400);
    expect((await api.call("POST", "/api/v1/subscriptions/00000000-0000-4000-8000-000000000000/suspend", { token })).status).toBe(404);
  });
});

describe("limits", () => {
  it("per token: over its budget a call is 429 with Retry-After, not audited, and other tokens go on", async () => {
    const busy = await newToken();
    const other = await newToken();
    expect((await api.call("GET", "/api/v1/users", { token: busy.token })).status).toBe(200);
    // Use up the rest of this minute's budget without 600 round trips.
    await getLimiter().hit(`api-token:${busy.id}`, LIMITS.apiPerToken.limit, LIMITS.apiPerToken.windowSeconds, LIMITS.apiPerToken.limit - 1);
    const limited = await api.call("GET", "/api/v1/users", { token: busy.token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(await calls(busy.id)).toHaveLength(1);
    expect((await api.call("GET", "/api/v1/users", { token: other.token })).status).toBe(200);
  });

  it("per client IP: wrong tokens use up a budget that good ones give back", async () => {
    const ip = nextClientIp();
    const { token } = await newToken();
    for (let i = 0; i < LIMITS.apiTokenFailuresPerIp.limit + 5; i++) expect((await api.call("GET", "/api/v1/users", { token, ip })).status).toBe(200);
    for (let i = 0; i < LIMITS.apiTokenFailuresPerIp.limit; i++) expect((await api.call("GET", "/api/v1/users", { authorization: "Bearer wrong", ip })).status).toBe(401);
    expect((await api.call("GET", "/api/v1/users", { authorization: "Bearer wrong", ip })).status).toBe(429);
    // Counted before the lookup: from this address, even a good token waits now; elsewhere it works.
    expect((await api.call("GET", "/api/v1/users", { token, ip })).status).toBe(429);
    expect((await api.call("GET", "/api/v1/users", { token, ip: nextClientIp() })).status).toBe(200);
  });
});

describe("the raw token", () => {
  it("is stored nowhere, audited nowhere and logged nowhere; only its keyed hash and prefix are kept", async () => {
    const { result, output } = await captureOutput(async () => {
      const created = await newToken(["read:users", "write:subscriptions"]);
      await api.call("GET", "/api/v1/users", { token: created.token });
      await api.call("GET", "/api/v1/orders", { token: created.token });
      await api.call("POST", "/api/v1/subscriptions/grant", { token: created.token, body: "{broken" });
      await api.call("GET", "/api/v1/users", { authorization: `Bearer ${created.token}x`, ip: nextClientIp() });
      return created;
    });
    const secret = result.token.slice("rb_01234567_".length);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, result.id));
    expect(row!.tokenHash).toBe(hashApiToken(result.token));
    expect(row!.prefix).toBe(result.token.slice(3, 11));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(await t.db.select().from(auditLogs))).not.toContain(secret);
    expect(output).not.toContain(secret);
  });
});

describe("last_used_at", () => {
  it("moves on the first call, not again within the minute, and again after it", async () => {
    const { id, token } = await newToken();
    const lastUsed = async () => (await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    await api.call("GET", "/api/v1/users", { token });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++) await api.call("GET", "/api/v1/users", { token });
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    const old = new Date(Date.now() - 61_000);
    await t.db.update(apiTokens).set({ lastUsedAt: old }).where(eq(apiTokens.id, id));
    await api.call("GET", "/api/v1/users", { token });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});

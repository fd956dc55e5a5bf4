// The credentials check behind next-auth, with its rate limits, against every limiter available in
// this run (memory; Redis when TEST_REDIS_URL is set).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { authenticate, setUserStatus } from "../../src/server/services/accounts";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { anonCtx, cliCtx, freshIp, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { limiterKinds } from "../helpers/limiter";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe.each(limiterKinds)("authenticate with the %s limiter", (_, makeLimiter) => {
  let fixture: ReturnType<typeof makeLimiter>;
  beforeEach(() => {
    fixture = makeLimiter();
    setLimiter(fixture.limiter);
  });
  afterEach(async () => {
    setLimiter(undefined);
    await fixture.close();
  });

  it("accepts the right password, case-insensitive email, and records the login time", async () => {
    const u = await makeUser(t.db);
    const r = await authenticate(anonCtx(t.db), { email: `  ${u.email.toUpperCase()} `, password: u.password });
    expect(r).toMatchObject({ id: u.id, email: u.email, role: "USER", sessionVersion: 1 });
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("answers the same bad_credentials for a wrong password and an unknown email", async () => {
    const u = await makeUser(t.db);
    for (const creds of [{ email: u.email, password: "wrong-password" }, { email: "nobody@example.com", password: "whatever" }]) {
      await expect(authenticate(anonCtx(t.db), creds)).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "Wrong email or password", details: { reason: "bad_credentials" } });
    }
    await expect(authenticate(anonCtx(t.db), { email: u.email, password: "" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("after 5 wrong passwords the account cools down, even for the right password and from other IPs", async () => {
    const u = await makeUser(t.db);
    for (let i = 0; i < LIMITS.loginFailuresPerAccount.limit; i++) {
      await expect(authenticate(anonCtx(t.db), { email: u.email, password: `wrong-${i}` })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const err = await authenticate(anonCtx(t.db), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(LIMITS.loginFailuresPerAccount.windowSeconds - 60);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccount.windowSeconds);
    await expect(authenticate(anonCtx(t.db, freshIp()), { email: u.email.toUpperCase(), password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const other = await makeUser(t.db);
    expect((await authenticate(anonCtx(t.db), { email: other.email, password: other.password })).id).toBe(other.id);
  });

  it("a successful login clears earlier failures", async () => {
    const u = await makeUser(t.db);
    for (let i = 0; i < 4; i++) await authenticate(anonCtx(t.db), { email: u.email, password: "nope-nope" }).catch(() => undefined);
    await authenticate(anonCtx(t.db), { email: u.email, password: u.password });
    for (let i = 0; i < 4; i++) await authenticate(anonCtx(t.db), { email: u.email, password: "nope-nope" }).catch(() => undefined);
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("allows 10 attempts per IP per minute, then answers RATE_LIMITED for that IP only", async () => {
    const u = await makeUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.loginPerIp.limit; i++) {
      // different (unknown) accounts, so the per-account limit is not what stops us
      await expect(authenticate(anonCtx(t.db, ip), { email: `probe${i}@example.com`, password: "x" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const err = await authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("explains why pending, disabled and banned accounts cannot log in, but only to someone with the password", async () => {
    const pending = await makeUser(t.db);
    await t.db.update(users).set({ status: "PENDING_EMAIL" }).where(eq(users.id, pending.id));
    const disabled = await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), disabled.id, "DISABLED");
    const banned = await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), banned.id, "BANNED");
    for (const [u, reason, msg] of [[pending, "email_not_verified", /verify your email/], [disabled, "disabled", /disabled/], [banned, "banned", /banned/]] as const) {
      await expect(authenticate(anonCtx(t.db), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(msg), details: { reason } });
      await expect(authenticate(anonCtx(t.db), { email: u.email, password: "not-the-password" })).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "bad_credentials" } });
    }
  });
});

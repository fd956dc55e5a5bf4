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

  it("after 5 wrong passwords from one IP, that IP cools down for the account (even with the right password); the owner's other IP still gets in", async () => {
    // Behaviour changed in issue 6 item 3: the cool-down used to hold for every IP, so anyone could lock the owner out.
    const u = await makeUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountIp.limit; i++) {
      await expect(authenticate(anonCtx(t.db, attacker), { email: u.email, password: `wrong-${i}` })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const err = await authenticate(anonCtx(t.db, attacker), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(LIMITS.loginFailuresPerAccountIp.windowSeconds - 60);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccountIp.windowSeconds);
    await expect(authenticate(anonCtx(t.db, attacker), { email: u.email.toUpperCase(), password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password })).id).toBe(u.id);
    const other = await makeUser(t.db);
    expect((await authenticate(anonCtx(t.db, attacker), { email: other.email, password: other.password })).id).toBe(other.id);
  });

  it("a successful login clears earlier failures from that IP", async () => {
    const u = await makeUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await authenticate(anonCtx(t.db, ip), { email: u.email, password: "nope-nope" }).catch(() => undefined);
    await authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password });
    for (let i = 0; i < 4; i++) await authenticate(anonCtx(t.db, ip), { email: u.email, password: "nope-nope" }).catch(() => undefined);
    expect((await authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("counts the attempt before the password check: 30 concurrent wrong logins from one IP get exactly 5 password checks", async () => {
    const u = await makeUser(t.db);
    const attacker = freshIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => authenticate(anonCtx(t.db, attacker), { email: u.email, password: `guess-${i}` }).then(() => "ok", (e) => e.details?.reason ?? e.code)),
    );
    expect(results.filter((r) => r === "bad_credentials")).toHaveLength(LIMITS.loginFailuresPerAccountIp.limit);
    expect(results.filter((r) => r === "RATE_LIMITED")).toHaveLength(30 - LIMITS.loginFailuresPerAccountIp.limit);
    // The attacker's IP is locked for this account; the owner's own IP is not.
    await expect(authenticate(anonCtx(t.db, attacker), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("from IPs that never logged in to the account, 50 attempts per 15 minutes in total; the owner's known IP still gets in", async () => {
    const u = await makeUser(t.db);
    const home = freshIp();
    expect((await authenticate(anonCtx(t.db, home), { email: u.email, password: u.password })).id).toBe(u.id);
    const perIp = LIMITS.loginFailuresPerAccountIp.limit;
    for (let n = 0; n < LIMITS.loginFailuresPerAccount.limit / perIp; n++) {
      const ip = freshIp();
      const rs = await Promise.all(Array.from({ length: perIp }, () => authenticate(anonCtx(t.db, ip), { email: u.email, password: "botnet-guess" }).catch((e) => e)));
      expect(rs.every((e) => e.code === "UNAUTHENTICATED")).toBe(true);
    }
    const err = await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccount.windowSeconds);
    expect((await authenticate(anonCtx(t.db, home), { email: u.email, password: u.password })).id).toBe(u.id);
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

// The credentials check behind next-auth, with its rate limits, against every limiter available in
// this run (memory; Redis when TEST_REDIS_URL is set).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { authenticate, setUserStatus } from "../../src/server/services/accounts";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { LIMITS, loginLimits } from "../../src/server/rate-limit/policies";
import { SETTINGS_DEFAULTS, updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, freshIp, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { limiterKinds } from "../helpers/limiter";

// The login limits are settings (Admin > Settings > Sign-in security); these are their defaults.
const DEFAULT = loginLimits(SETTINGS_DEFAULTS);

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
      await expect(authenticate(anonCtx(t.db), creds)).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "Wrong email or password.", details: { reason: "bad_credentials" } });
    }
    await expect(authenticate(anonCtx(t.db), { email: u.email, password: "" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("after 5 wrong passwords from one IP, that IP cools down for the account (even with the right password); the owner's other IP still gets in", async () => {
    // Behaviour changed in issue 6 item 3: the cool-down used to hold for every IP, so anyone could lock the owner out.
    const u = await makeUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < DEFAULT.perAccountIp.limit; i++) {
      await expect(authenticate(anonCtx(t.db, attacker), { email: u.email, password: `wrong-${i}` })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const err = await authenticate(anonCtx(t.db, attacker), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(DEFAULT.perAccountIp.windowSeconds - 60);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(DEFAULT.perAccountIp.windowSeconds);
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
    expect(results.filter((r) => r === "bad_credentials")).toHaveLength(DEFAULT.perAccountIp.limit);
    expect(results.filter((r) => r === "rate_limited")).toHaveLength(30 - DEFAULT.perAccountIp.limit);
    // The attacker's IP is locked for this account; the owner's own IP is not.
    await expect(authenticate(anonCtx(t.db, attacker), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("from IPs that never logged in to the account, 50 attempts per 15 minutes in total; the owner's known IP still gets in", async () => {
    const u = await makeUser(t.db);
    const home = freshIp();
    expect((await authenticate(anonCtx(t.db, home), { email: u.email, password: u.password })).id).toBe(u.id);
    const perIp = DEFAULT.perAccountIp.limit;
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

  it("allows 10 failed attempts per IP per minute, then answers RATE_LIMITED for that IP only", async () => {
    const u = await makeUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < DEFAULT.perIp.limit; i++) {
      // different (unknown) accounts, so the per-account limit is not what stops us
      await expect(authenticate(anonCtx(t.db, ip), { email: `probe${i}@example.com`, password: "x" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const err = await authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await authenticate(anonCtx(t.db, freshIp()), { email: u.email, password: u.password })).id).toBe(u.id);
  });

  it("the per-IP limit counts failures only: people behind one shared address (carrier-grade NAT) logging in do not use it up", async () => {
    const nat = freshIp();
    const people = await Promise.all(Array.from({ length: 3 }, () => makeUser(t.db)));
    // Three times the per-IP budget in successful logins, one after another, from the one address.
    for (let i = 0; i < DEFAULT.perIp.limit * 3; i++) {
      const p = people[i % people.length]!;
      expect((await authenticate(anonCtx(t.db, nat), { email: p.email, password: p.password })).id).toBe(p.id);
    }
    // Changed in issue 21 item 6: a banned account's right password used to be refunded here (it
    // answered 403, a password oracle); it is now a failure like any wrong password, see
    // tests/accounts/login-refused.test.ts.
    // Failures do count, whatever the accounts: the full budget, then the address is refused.
    for (let i = 0; i < DEFAULT.perIp.limit; i++) {
      await expect(authenticate(anonCtx(t.db, nat), { email: `nat-probe-${i}-${nat}@example.com`, password: "guess" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(authenticate(anonCtx(t.db, nat), { email: people[0]!.email, password: people[0]!.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("counts per-IP failures before the check: 30 concurrent wrong logins for different accounts from one IP get exactly the budget", async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => authenticate(anonCtx(t.db, ip), { email: `spray-${i}-${ip}@example.com`, password: "spray" }).then(() => "ok", (e) => e.details?.reason ?? e.code)),
    );
    expect(results.filter((r) => r === "bad_credentials")).toHaveLength(DEFAULT.perIp.limit);
    expect(results.filter((r) => r === "rate_limited")).toHaveLength(30 - DEFAULT.perIp.limit);
  });

  it("a right password gives its per-IP count back even when logins race with failures", async () => {
    const ip = freshIp();
    const people = await Promise.all(Array.from({ length: 4 }, () => makeUser(t.db)));
    const guesses = DEFAULT.perIp.limit - people.length;
    const rs = await Promise.all([
      ...people.map((p) => authenticate(anonCtx(t.db, ip), { email: p.email, password: p.password }).then(() => "ok", (e) => e.code)),
      ...Array.from({ length: guesses }, (_, i) => authenticate(anonCtx(t.db, ip), { email: `race-${i}-${ip}@example.com`, password: "x" }).then(() => "ok", (e) => e.code)),
    ]);
    expect(rs.filter((r) => r === "ok")).toHaveLength(people.length);
    expect(rs.filter((r) => r === "UNAUTHENTICATED")).toHaveLength(guesses);
    // Only the guesses were kept: the logins' counts came back, so exactly that many failures remain.
    for (let i = 0; i < people.length; i++) {
      await expect(authenticate(anonCtx(t.db, ip), { email: `race-more-${i}-${ip}@example.com`, password: "x" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(authenticate(anonCtx(t.db, ip), { email: people[0]!.email, password: people[0]!.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("warns before the last allowed attempt: attemptsLeft 1 when the next failure is the last (account + IP)", async () => {
    const u = await makeUser(t.db);
    const ip = freshIp();
    const limit = DEFAULT.perAccountIp.limit;
    const details: Record<string, unknown>[] = [];
    for (let i = 0; i < limit; i++) details.push((await authenticate(anonCtx(t.db, ip), { email: u.email, password: `wrong-${i}` }).catch((e) => e)).details);
    expect(details.map((d) => d.reason)).toEqual(Array(limit).fill("bad_credentials"));
    expect(details.map((d) => d.attemptsLeft)).toEqual([...Array(limit - 2).fill(undefined), 1, undefined]);
    await expect(authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("warns before the last allowed attempt from an IP, whatever the accounts", async () => {
    const ip = freshIp();
    const left: unknown[] = [];
    for (let i = 0; i < DEFAULT.perIp.limit; i++) left.push((await authenticate(anonCtx(t.db, ip), { email: `warn-${i}-${ip}@example.com`, password: "x" }).catch((e) => e)).details.attemptsLeft);
    expect(left).toEqual([...Array(DEFAULT.perIp.limit - 2).fill(undefined), 1, undefined]);
  });

  it("takes its thresholds from the settings", async () => {
    await updateSettings(cliCtx(t.db), { loginFailuresPerAccountIp: 3, loginAccountIpWindowMinutes: 2, loginFailuresPerIp: 4, loginIpWindowMinutes: 5 });
    try {
      const u = await makeUser(t.db);
      const ip = freshIp();
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await authenticate(anonCtx(t.db, ip), { email: u.email, password: `wrong-${i}` }).catch((e) => e)).details);
      expect(first.map((d) => d.attemptsLeft)).toEqual([undefined, 1, undefined]);
      const err = await authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password }).catch((e) => e);
      expect(err).toMatchObject({ code: "RATE_LIMITED" });
      expect(err.details.retryAfterSeconds).toBeGreaterThan(60);
      expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(120);
      // The per-IP budget is 4 failures per 5 minutes: 3 above (the refused attempt tried no password
      // and is not counted), one more, then the address is refused.
      await expect(authenticate(anonCtx(t.db, ip), { email: `other-${ip}@example.com`, password: "x" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      const ipErr = await authenticate(anonCtx(t.db, ip), { email: `third-${ip}@example.com`, password: "x" }).catch((e) => e);
      expect(ipErr).toMatchObject({ code: "RATE_LIMITED" });
      expect(ipErr.details.retryAfterSeconds).toBeGreaterThan(240);
      expect(ipErr.details.retryAfterSeconds).toBeLessThanOrEqual(300);
    } finally {
      await updateSettings(cliCtx(t.db), {
        loginFailuresPerAccountIp: SETTINGS_DEFAULTS.loginFailuresPerAccountIp,
        loginAccountIpWindowMinutes: SETTINGS_DEFAULTS.loginAccountIpWindowMinutes,
        loginFailuresPerIp: SETTINGS_DEFAULTS.loginFailuresPerIp,
        loginIpWindowMinutes: SETTINGS_DEFAULTS.loginIpWindowMinutes,
      });
    }
  });

  it("explains an unverified account only to someone with the password; disabled and banned accounts answer like a wrong password", async () => {
    const pending = await makeUser(t.db);
    await t.db.update(users).set({ status: "PENDING_EMAIL" }).where(eq(users.id, pending.id));
    await expect(authenticate(anonCtx(t.db), { email: pending.email, password: pending.password })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/verify your email/), details: { reason: "email_not_verified" } });
    await expect(authenticate(anonCtx(t.db), { email: pending.email, password: "not-the-password" })).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "bad_credentials" } });
    // Changed in issue 21 item 6: these answered 403 disabled/banned after the right password (a
    // password oracle). The owner now learns it by mail (tests/accounts/login-refused.test.ts).
    const disabled = await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), disabled.id, { status: "DISABLED", reason: "on request" });
    const banned = await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), banned.id, { status: "BANNED", reason: "spam" });
    for (const u of [disabled, banned]) {
      for (const password of [u.password, "not-the-password"]) {
        await expect(authenticate(anonCtx(t.db), { email: u.email, password })).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "Wrong email or password.", details: { reason: "bad_credentials" } });
      }
    }
  });
});

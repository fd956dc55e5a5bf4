// Issue 6 item 15: two-factor sign-in. Enrolment (secret encrypted at rest, recovery codes hashed),
// the login's second step through next-auth's real authorize(), single-use codes, the per-account
// attempt limit, the operator's reset, and the admin requirement.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actorOf, type SessionUser } from "../../src/server/auth/session";
import { totpCodeAt } from "../../src/server/auth/totp";
import { makeCtx, requireAdmin, type Ctx } from "../../src/server/context";
import { decryptSecret, isEncryptedSecret } from "../../src/server/crypto/secrets";
import { type Db } from "../../src/server/db/client";
import { auditLogs, recoveryCodes, users, userTotp } from "../../src/server/db/schema";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "../../src/server/services/accounts";
import { consumeTotp } from "../../src/server/services/accounts/second-factor";
import { updateSettings } from "../../src/server/services/settings";
import { cli, json } from "../cli/helpers";
import { cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb, openSecondInstance } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { describeOnPostgres } from "../helpers/requirements";
import { accepted, jwt, login, loginOrThrow } from "../helpers/next-auth";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // next-auth's hooks use the process-wide database
});
afterAll(() => t.close());
beforeEach(() => {
  useMemoryLimiter(); // fresh attempt counters per test
});

const MINUTE = 60_000;
/** The user's context at a moment `offsetMs` from now (TOTP codes depend on the clock). */
const at = (ctx: Ctx, offsetMs: number): Ctx => ({ ...ctx, now: () => new Date(Date.now() + offsetMs) });
const codeAt = (secret: string, offsetMs = 0) => totpCodeAt(secret, new Date(Date.now() + offsetMs));

/** A user with two-factor sign-in on, enrolled a minute ago (so the current code is still unused). */
async function enrolledUser(role: "USER" | "ADMIN" = "USER") {
  const u = await makeUser(t.db, role);
  const { secret, uri } = await startTwoFactorSetup(u.ctx);
  const { recoveryCodes: codes } = await confirmTwoFactorSetup(at(u.ctx, -MINUTE), { code: await codeAt(secret, -MINUTE) });
  return { ...u, secret, uri, codes };
}

describe("enrolment", () => {
  it("stores the secret encrypted and the recovery codes hashed; nothing changes until the first code", async () => {
    const u = await makeUser(t.db);
    const { secret, uri } = await startTwoFactorSetup(u.ctx);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.+\\?secret=${secret}&.*issuer=`));
    expect(uri).toContain(encodeURIComponent(u.email));
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(isEncryptedSecret(row!.secretEnc) && !row!.secretEnc.includes(secret) && decryptSecret(row!.secretEnc) === secret).toBe(true);
    expect(row!.enabledAt).toBeNull();

    // Pending enrolment: the password alone still signs in.
    expect((await login({ email: u.email, password: u.password })).ok).toBe(true);
    await expect(confirmTwoFactorSetup(u.ctx, { code: "000000" === (await codeAt(secret)) ? "111111" : "000000" })).rejects.toMatchObject({ details: { reason: "totp_invalid" } });

    const { recoveryCodes: codes } = await confirmTwoFactorSetup(u.ctx, { code: await codeAt(secret) });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of codes) expect(s.codeHash).not.toContain(c.replace("-", ""));
    expect(await getTwoFactorStatus(u.ctx)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, requiredForMe: false });
    await expect(startTwoFactorSetup(u.ctx)).rejects.toMatchObject({ details: { reason: "two_factor_enabled" } });
  });
});

describe("login with two-factor sign-in", () => {
  it("the password alone is not a sign-in: no last-login time, and its attempts keep counting from that IP", async () => {
    const u = await enrolledUser();
    const ip = "203.0.113.77";
    for (let i = 0; i < 5; i++) expect(await login({ email: u.email, password: u.password }, { ip })).toMatchObject({ ok: false, reason: "totp_required" });
    const [row] = await t.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, u.id));
    expect(row!.lastLoginAt).toBeNull();
    // Five half sign-ins from one IP use up that IP's attempts, as five wrong passwords would.
    expect(await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret) }, { ip })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    // The owner elsewhere is not locked out.
    expect((await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret) })).ok).toBe(true);
  });

  it("asks for the code after the password, accepts a right one once, and refuses a replay", async () => {
    const u = await enrolledUser();
    expect(await login({ email: u.email, password: u.password })).toEqual({ ok: false, code: "UNAUTHENTICATED", reason: "totp_required", retryAfterSeconds: undefined });
    // A wrong password is still just a wrong password: the code step reveals nothing before it.
    expect(await login({ email: u.email, password: "wrong-password-1", totpCode: await codeAt(u.secret) })).toMatchObject({ ok: false, reason: "bad_credentials" });

    const code = await codeAt(u.secret);
    const first = await login({ email: u.email, password: u.password, totpCode: code });
    expect(first.ok).toBe(true);
    expect(await login({ email: u.email, password: u.password, totpCode: code })).toMatchObject({ ok: false, code: "UNAUTHENTICATED", reason: "totp_invalid" });
    // An older code (the enrolment's) is refused too: only later time steps count.
    expect(await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret, -MINUTE) })).toMatchObject({ ok: false, reason: "totp_invalid" });
    // The next time step's code is fine (a phone clock a little ahead).
    expect((await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret, 30_000) })).ok).toBe(true);
  });

  it("a recovery code signs in once", async () => {
    const u = await enrolledUser();
    const code = u.codes[3]!;
    expect((await login({ email: u.email, password: u.password, recoveryCode: code.toUpperCase().replace("-", " ") })).ok).toBe(true);
    expect(await login({ email: u.email, password: u.password, recoveryCode: code })).toMatchObject({ ok: false, reason: "recovery_code_invalid" });
    expect((await getTwoFactorStatus(u.ctx)).recoveryCodesLeft).toBe(9);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.recovery_code_used"));
    expect(audits.filter((a) => a.targetId === u.id)).toHaveLength(1);
  });

  it("limits code attempts per account: the sixth try within the window is refused, even with the right code", async () => {
    const u = await enrolledUser();
    for (let i = 0; i < 5; i++) expect(await login({ email: u.email, password: u.password, totpCode: "000000" })).toMatchObject({ ok: false });
    const r = await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret) });
    expect(r).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect((r as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a right code clears the attempt count", async () => {
    const u = await enrolledUser();
    for (let i = 0; i < 4; i++) await login({ email: u.email, password: u.password, recoveryCode: "aaaaa-aaaaa" });
    expect((await login({ email: u.email, password: u.password, totpCode: await codeAt(u.secret) })).ok).toBe(true);
    for (let i = 0; i < 4; i++) expect(await login({ email: u.email, password: u.password, recoveryCode: "aaaaa-aaaaa" })).toMatchObject({ reason: "recovery_code_invalid" });
  });
});

describe("managing two-factor sign-in", () => {
  it("new recovery codes replace the old ones", async () => {
    const u = await enrolledUser();
    const { recoveryCodes: fresh } = await regenerateRecoveryCodes(u.ctx, { code: await codeAt(u.secret) });
    expect(await login({ email: u.email, password: u.password, recoveryCode: u.codes[0]! })).toMatchObject({ ok: false, reason: "recovery_code_invalid" });
    expect((await login({ email: u.email, password: u.password, recoveryCode: fresh[0]! })).ok).toBe(true);
  });

  it("turning it off needs the password and a code; then the password alone signs in", async () => {
    const u = await enrolledUser();
    await expect(disableTwoFactor(u.ctx, { password: "wrong-password-1", code: await codeAt(u.secret) })).rejects.toMatchObject({ details: { reason: "current_password_wrong" } });
    await expect(disableTwoFactor(u.ctx, { password: u.password, code: "123456" === (await codeAt(u.secret)) ? "654321" : "123456" })).rejects.toMatchObject({ details: { reason: "totp_invalid" } });
    await disableTwoFactor(u.ctx, { password: u.password, code: u.codes[0]! });
    expect(await getTwoFactorStatus(u.ctx)).toMatchObject({ enabled: false });
    expect((await login({ email: u.email, password: u.password })).ok).toBe(true);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(0);
  });

  it("`relayboard user reset-2fa <email>` clears it and ends the user's sessions", async () => {
    const u = await enrolledUser();
    const session = await loginOrThrow({ email: u.email, password: u.password, totpCode: await codeAt(u.secret) });
    const out = json<{ email: string; hadTwoFactor: boolean; passkeysRemoved: number }>(await cli(t.db, "user", "reset-2fa", u.email, "--json"));
    expect(out).toEqual({ email: u.email, hadTwoFactor: true, passkeysRemoved: 0 });
    expect(await accepted(session)).toBe(false);
    expect((await login({ email: u.email, password: u.password })).ok).toBe(true);
    const again = await cli(t.db, "user", "reset-2fa", u.email);
    expect(again.stdout).toMatch(/had no two-factor sign-in/);
    expect((await cli(t.db, "user", "reset-2fa", "nobody@example.com")).code).toBe(1);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.two_factor_reset"));
    expect(audit?.actorKind).toBe("cli");
  });
});

describe("require2faForAdmins", () => {
  /** What the pages and routes make of a token: next-auth's session user, then our actor. */
  async function actorFor(token: Awaited<ReturnType<typeof loginOrThrow>>) {
    const read = await jwt({ token });
    const session = (await authSessionCallback(read)) as SessionUser;
    return { session, actor: actorOf(session) };
  }
  const authSessionCallback = async (token: Awaited<ReturnType<typeof jwt>>) => {
    const { authOptions } = await import("../../src/server/auth/options");
    const s = await (authOptions().callbacks!.session as unknown as (p: { session: object; token: object }) => Promise<{ user: unknown }>)({ session: { expires: "" }, token });
    return s.user;
  };

  it("an admin without 2FA may log in but acts as a plain user until enrolled; enrolling lifts it at once", async () => {
    await updateSettings(cliCtx(t.db), { require2faForAdmins: true });
    try {
      const admin = await makeUser(t.db, "ADMIN");
      const token = await loginOrThrow({ email: admin.email, password: admin.password });
      const before = await actorFor(token);
      expect(before.session).toMatchObject({ role: "ADMIN", twoFactorSetupRequired: true });
      expect(before.actor).toMatchObject({ kind: "user", role: "USER" });
      expect(() => requireAdmin(makeCtx(t.db, before.actor), "users.read")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
      expect((await getTwoFactorStatus(makeCtx(t.db, before.actor))).requiredForMe).toBe(true);

      // Enrolment from the same session, then the very next read is an admin again.
      const ctx = makeCtx(t.db, before.actor, { now: () => new Date(Date.now() - MINUTE) });
      const { secret } = await startTwoFactorSetup(ctx);
      await confirmTwoFactorSetup(ctx, { code: await codeAt(secret, -MINUTE) });
      const after = await actorFor(token);
      expect(after.session.twoFactorSetupRequired).toBeUndefined();
      expect(after.actor).toMatchObject({ kind: "admin", role: "ADMIN" });
      expect(() => requireAdmin(makeCtx(t.db, after.actor), "users.read")).not.toThrow();

      // A plain user is not affected by the setting.
      const user = await makeUser(t.db);
      expect((await actorFor(await loginOrThrow({ email: user.email, password: user.password }))).session.twoFactorSetupRequired).toBeUndefined();
    } finally {
      await updateSettings(cliCtx(t.db), { require2faForAdmins: false });
    }
  });

  it("with the setting off, an admin without 2FA is a full admin", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const { actor } = await actorFor(await loginOrThrow({ email: admin.email, password: admin.password }));
    expect(actor).toMatchObject({ kind: "admin", role: "ADMIN" });
  });
});

// On PGlite concurrent calls serialize, so only PostgreSQL (separate connections) proves this.
describeOnPostgres("one code, used at the same moment, succeeds once (PostgreSQL)", () => {
  let second: { db: Db; close: () => Promise<void> };
  beforeAll(() => {
    second = openSecondInstance(t);
  });
  afterAll(() => second?.close());

  it("10 simultaneous uses over two connection pools: exactly one wins", async () => {
    const u = await enrolledUser();
    const [row] = await t.db.select({ secretEnc: userTotp.secretEnc, lastUsedStep: userTotp.lastUsedStep }).from(userTotp).where(eq(userTotp.userId, u.id));
    const code = await codeAt(u.secret);
    const dbs = [t.db, second.db];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => consumeTotp(dbs[i % 2]!, u.id, row!, code, new Date())));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("5 simultaneous logins with one code through authorize(): one session, four refusals", async () => {
    const u = await enrolledUser();
    const code = await codeAt(u.secret);
    const results = await Promise.all(Array.from({ length: 5 }, () => login({ email: u.email, password: u.password, totpCode: code })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ reason: "totp_invalid" });
  });
});

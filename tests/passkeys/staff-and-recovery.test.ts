// Passkeys and staff (issue 29): with staffPasskeyRequired a password session is held back
// (passkeySignInRequired) and a passkey session is not; a passkey is the second factor invited staff
// must enrol. And the way back after losing a passkey: password sign-in, then a recovery code lets
// that session add a new passkey, while a password alone cannot change an account's passkeys.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { totpCodeAt } from "../../src/server/auth/totp";
import { auditLogs, userSessions, users } from "../../src/server/db/schema";
import { confirmTwoFactorSetup, getTwoFactorStatus, resetTwoFactor, startTwoFactorSetup } from "../../src/server/services/accounts";
import { checkSession } from "../../src/server/services/accounts/user-sessions";
import { listMyPasskeys, removeMyPasskey, startPasskeyRegistration } from "../../src/server/services/passkeys";
import { updateSettings } from "../../src/server/services/settings";
import { cliCtx, makeStaff, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { loginOrThrow } from "../helpers/next-auth";
import { SoftAuthenticator } from "../helpers/webauthn";
import { enrol, inSession, signInWith } from "./flow";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true });
});
afterAll(() => t.close());
beforeEach(() => {
  useMemoryLimiter();
});

const live = (sid: string, uid: string) => checkSession(t.db, { sid, uid, sv: 1 }, new Date());

describe("staff who must sign in with a passkey (staffPasskeyRequired)", () => {
  it("a password session is held back, a passkey session is not; customers are not concerned", async () => {
    const staff = await makeStaff(t.db, "support");
    const auth = new SoftAuthenticator();
    await enrol(staff.ctx, auth);
    await updateSettings(cliCtx(t.db), { staffPasskeyRequired: true });
    try {
      const password = await loginOrThrow({ email: staff.email, password: staff.password });
      expect(await live(password.sid as string, staff.id)).toMatchObject({ role: "ADMIN", passkeySignInRequired: true });
      const pk = await signInWith(t.db, auth);
      if (!pk.ok) throw new Error(pk.reason);
      expect(await live(pk.sid, staff.id)).toMatchObject({ role: "ADMIN", staffRole: "support", passkeySignInRequired: false, twoFactorSetupRequired: false });
      const customer = await makeUser(t.db);
      const token = await loginOrThrow({ email: customer.email, password: customer.password });
      expect(await live(token.sid as string, customer.id)).toMatchObject({ passkeySignInRequired: false });
    } finally {
      await updateSettings(cliCtx(t.db), { staffPasskeyRequired: false });
    }
  });
});

describe("a passkey as the second factor", () => {
  it("satisfies second_factor_required: no setup required once one exists, and the account page knows", async () => {
    const staff = await makeStaff(t.db, "finance");
    await t.db.update(users).set({ secondFactorRequired: true }).where(eq(users.id, staff.id));
    const token = await loginOrThrow({ email: staff.email, password: staff.password });
    const sid = token.sid as string;
    expect(await live(sid, staff.id)).toMatchObject({ twoFactorSetupRequired: true });
    expect(await getTwoFactorStatus(staff.ctx)).toMatchObject({ enabled: false, requiredForMe: true, passkeys: 0 });
    // Enrolled from that very session (it acts as a plain user until then).
    const auth = new SoftAuthenticator();
    await enrol(inSession(staff.ctx, sid), auth);
    // Enrolled; but the passkey is the only second factor, so this password session is held back
    // until a passkey sign-in (a password alone never opens the admin area of staff who must have one).
    expect(await live(sid, staff.id)).toMatchObject({ twoFactorSetupRequired: false, passkeySignInRequired: true });
    expect(await getTwoFactorStatus(staff.ctx)).toMatchObject({ enabled: false, requiredForMe: true, passkeys: 1 });
    const pk = await signInWith(t.db, auth);
    if (!pk.ok) throw new Error(pk.reason);
    expect(await live(pk.sid, staff.id)).toMatchObject({ twoFactorSetupRequired: false, passkeySignInRequired: false, staffRole: "finance" });
  });

  it("customers are never required", async () => {
    const u = await makeUser(t.db);
    expect(await getTwoFactorStatus(u.ctx)).toMatchObject({ requiredForMe: false, passkeys: 0 });
  });
});

describe("changing passkeys once one exists", () => {
  it("a password session needs a recovery code; a passkey session does not", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { passkey, recoveryCodes: codes } = await enrol(u.ctx, auth, { name: "Lost phone" });
    const password = await loginOrThrow({ email: u.email, password: u.password });
    const pwCtx = inSession(u.ctx, password.sid as string);
    expect((await listMyPasskeys(pwCtx)).changeNeeds).toBe("recovery");
    await expect(startPasskeyRegistration(pwCtx)).rejects.toMatchObject({ code: "VALIDATION", reason: "passkey_code_required", details: { fields: { code: "required" } } });
    await expect(removeMyPasskey(pwCtx, { id: passkey.id })).rejects.toMatchObject({ reason: "passkey_code_required" });
    await expect(startPasskeyRegistration(pwCtx, { code: "aaaaa-bbbbb" })).rejects.toMatchObject({ reason: "recovery_code_invalid" });
    // The lost passkey's replacement, with a recovery code (spent: it does not work twice).
    await enrol(pwCtx, new SoftAuthenticator(), { name: "New phone", code: codes![0] });
    await expect(startPasskeyRegistration(pwCtx, { code: codes![0] })).rejects.toMatchObject({ reason: "recovery_code_invalid" });
    expect((await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, u.id))).map((a) => a.action)).toContain("user.recovery_code_used");
    // Signed in with a passkey, nothing more is asked.
    const pk = await signInWith(t.db, auth);
    if (!pk.ok) throw new Error(pk.reason);
    const pkCtx = inSession(u.ctx, pk.sid);
    expect((await listMyPasskeys(pkCtx)).changeNeeds).toBe("none");
    await removeMyPasskey(pkCtx, { id: passkey.id });
    expect((await listMyPasskeys(pkCtx)).passkeys.map((p) => p.name)).toEqual(["New phone"]);
  });

  it("an account with an authenticator app may use its code instead", async () => {
    const u = await makeUser(t.db);
    const past = { ...u.ctx, now: () => new Date(Date.now() - 60_000) };
    const { secret } = await startTwoFactorSetup(u.ctx);
    await confirmTwoFactorSetup(past, { code: await totpCodeAt(secret, new Date(Date.now() - 60_000)) });
    await enrol(u.ctx, new SoftAuthenticator());
    expect((await listMyPasskeys(u.ctx)).changeNeeds).toBe("either");
    await expect(startPasskeyRegistration(u.ctx, { code: "000000" })).rejects.toMatchObject({ reason: "totp_invalid" });
    await enrol(u.ctx, new SoftAuthenticator(), { code: await totpCodeAt(secret, new Date()) });
    expect((await listMyPasskeys(u.ctx)).passkeys).toHaveLength(2);
  });

  it("the session's method is read from its own row: another user's passkey session does not count", async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const authB = new SoftAuthenticator();
    await enrol(a.ctx, new SoftAuthenticator());
    await enrol(b.ctx, authB);
    const pk = await signInWith(t.db, authB);
    if (!pk.ok) throw new Error(pk.reason);
    expect((await t.db.select().from(userSessions).where(eq(userSessions.id, pk.sid)))[0]!.method).toBe("passkey");
    expect((await listMyPasskeys(inSession(a.ctx, pk.sid))).changeNeeds).toBe("recovery");
  });
});

describe("the operator's reset (relayboard user reset-2fa)", () => {
  it("removes the passkeys too, ends the sessions, and the passkey no longer signs in", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    await enrol(u.ctx, auth);
    const pk = await signInWith(t.db, auth);
    if (!pk.ok) throw new Error(pk.reason);
    expect(await resetTwoFactor(cliCtx(t.db), u.id)).toEqual({ hadTwoFactor: false, passkeysRemoved: 1 });
    expect(await live(pk.sid, u.id)).toBeNull();
    expect((await signInWith(t.db, auth)).ok).toBe(false);
    expect(await listMyPasskeys(u.ctx)).toMatchObject({ passkeys: [] });
  });
});

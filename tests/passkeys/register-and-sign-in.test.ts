// Issue 29 item 4: any account registers passkeys (named, listed, renamed, removed) and signs in
// with one instead of a password and a code; the session remembers it was a passkey sign-in.
// Real WebAuthn answers from the software authenticator (tests/helpers/webauthn.ts).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, notifications, passkeys, recoveryCodes, userSessions, users } from "../../src/server/db/schema";
import { totpCodeAt } from "../../src/server/auth/totp";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "../../src/server/services/accounts";
import { countUnusedRecoveryCodes } from "../../src/server/services/accounts/recovery-codes";
import { listMyPasskeys, MAX_PASSKEYS, removeMyPasskey, renameMyPasskey, startPasskeyRegistration } from "../../src/server/services/passkeys";
import { anonCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { accepted, login } from "../helpers/next-auth";
import { FLAG, SoftAuthenticator } from "../helpers/webauthn";
import { enrol, signInWith } from "./flow";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // next-auth's hooks use the process-wide database
});
afterAll(() => t.close());
beforeEach(() => {
  useMemoryLimiter();
});

describe("registering a passkey", () => {
  it("stores the credential (id, public key, counter, transports, device type) and hands out recovery codes once", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const first = await enrol(u.ctx, auth, { name: "  Work laptop " });
    const credentialId = [...auth.credentials.keys()][0]!;
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row).toMatchObject({ credentialId, counter: 0, transports: ["internal"], deviceType: "singleDevice", backedUp: false, name: "Work laptop", lastUsedAt: null });
    expect(Buffer.from(row!.publicKey, "base64url")[0]).toBe(0xa5); // a COSE key: a CBOR map of five entries
    expect(first.passkey).toMatchObject({ id: row!.id, name: "Work laptop" });
    expect(first.recoveryCodes).toHaveLength(10);
    expect(await countUnusedRecoveryCodes(t.db, u.id)).toBe(10);
    // The owner is told, and the audit log has it.
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(notes.map((n) => n.title)).toEqual([expect.stringMatching(/passkey|通行密钥/i)]);
    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, u.id), eq(auditLogs.action, "user.passkey_add")));
    expect(audits).toHaveLength(1);
    // A second passkey (with one of those codes) gets no new codes: the unused ones stay valid.
    const second = await enrol(u.ctx, auth, { name: "Phone", code: first.recoveryCodes![0] });
    expect(second.recoveryCodes).toBeUndefined();
    expect(await countUnusedRecoveryCodes(t.db, u.id)).toBe(9);
  });

  it("offers the options a discoverable passkey needs and excludes the ones already registered", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { recoveryCodes: codes } = await enrol(u.ctx, auth);
    const { options } = await startPasskeyRegistration(u.ctx, { code: codes![0] });
    expect(options.rp).toEqual({ name: "Relayboard", id: "relayboard.test" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.attestation).toBe("none");
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(u.id);
    expect(options.user.name).toBe(u.email);
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([...auth.credentials.keys()]);
  });

  it("refuses the same credential twice (CONFLICT), an answer without user verification, and a foreign origin", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { recoveryCodes: codes } = await enrol(u.ctx, auth);
    const again = [...auth.credentials.keys()][0]!;
    await expect(enrol(u.ctx, auth, { code: codes![0], answer: { credentialId: again } })).rejects.toMatchObject({ code: "CONFLICT", reason: "passkey_exists" });
    const other = await makeUser(t.db);
    await expect(enrol(other.ctx, auth, { answer: { credentialId: again } })).rejects.toMatchObject({ code: "CONFLICT", reason: "passkey_exists" });
    await expect(enrol(other.ctx, auth, { answer: { flags: FLAG.UP | FLAG.AT } })).rejects.toMatchObject({ code: "VALIDATION", reason: "passkey_invalid" });
    await expect(enrol(other.ctx, auth, { answer: { origin: "https://relayboard.test.evil.example" } })).rejects.toMatchObject({ reason: "passkey_invalid" });
    await expect(enrol(other.ctx, auth, { answer: { rpId: "evil.example" } })).rejects.toMatchObject({ reason: "passkey_invalid" });
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, other.id))).toEqual([]);
  });

  it(`allows at most ${MAX_PASSKEYS} passkeys per account`, async () => {
    const u = await makeUser(t.db);
    await t.db.insert(passkeys).values(Array.from({ length: MAX_PASSKEYS }, (_, i) => ({ userId: u.id, credentialId: `cred-${u.id}-${i}`, publicKey: "AA", name: `Key ${i}` })));
    await expect(startPasskeyRegistration(u.ctx, { code: "anything" })).rejects.toMatchObject({ code: "CONFLICT", reason: "passkey_limit", details: { max: MAX_PASSKEYS } });
  });

  it("is for signed-in accounts only", async () => {
    const anon = anonCtx(t.db);
    await expect(startPasskeyRegistration(anon)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(listMyPasskeys(anon)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(removeMyPasskey(anon, { id: crypto.randomUUID() })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("signing in with a passkey", () => {
  it("opens a session marked as a passkey one, with no password typed; the counter and last use are recorded", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    await enrol(u.ctx, auth);
    const r = await signInWith(t.db, auth);
    if (!r.ok) throw new Error(`sign-in refused: ${r.reason}`);
    expect(r.token).toMatchObject({ uid: u.id, role: "USER" });
    expect(await accepted(r.token)).toBe(true);
    const [s] = await t.db.select().from(userSessions).where(eq(userSessions.id, r.sid));
    expect(s).toMatchObject({ userId: u.id, method: "passkey", userAgent: "vitest" });
    const [pk] = await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(pk!.counter).toBe(1);
    expect(pk!.lastUsedAt).toBeInstanceOf(Date);
    const [row] = await t.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, u.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
    // And again: each sign-in advances the counter.
    expect((await signInWith(t.db, auth)).ok).toBe(true);
    expect((await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id)))[0]!.counter).toBe(2);
  });

  it("replaces both the password and the code of an account with two-factor sign-in", async () => {
    const u = await makeUser(t.db);
    const { secret } = await startTwoFactorSetup(u.ctx);
    await confirmTwoFactorSetup({ ...u.ctx, now: () => new Date(Date.now() - 60_000) }, { code: await totpCodeAt(secret, new Date(Date.now() - 60_000)) });
    const auth = new SoftAuthenticator();
    // The authenticator's recovery codes already exist: none are added.
    expect((await enrol(u.ctx, auth)).recoveryCodes).toBeUndefined();
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(10);
    expect(await login({ email: u.email, password: u.password })).toMatchObject({ ok: false, reason: "totp_required" });
    expect((await signInWith(t.db, auth)).ok).toBe(true);
  });
});

describe("managing passkeys", () => {
  it("lists the caller's own passkeys only, renames one, and answers NOT_FOUND for someone else's", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { passkey } = await enrol(u.ctx, auth, { name: "Laptop" });
    await enrol(other.ctx, new SoftAuthenticator(), { name: "Theirs" });
    const mine = await listMyPasskeys(u.ctx);
    expect(mine).toMatchObject({ max: MAX_PASSKEYS, changeNeeds: "recovery", recoveryCodesLeft: 10 });
    expect(mine.passkeys.map((p) => p.name)).toEqual(["Laptop"]);
    expect(mine.passkeys[0]).not.toHaveProperty("publicKey");
    expect(await renameMyPasskey(u.ctx, { id: passkey.id, name: "Old laptop" })).toMatchObject({ name: "Old laptop" });
    await expect(renameMyPasskey(other.ctx, { id: passkey.id, name: "Mine now" })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "passkey_not_found" });
    await expect(removeMyPasskey(other.ctx, { id: passkey.id })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "passkey_not_found" });
    await expect(renameMyPasskey(u.ctx, { id: passkey.id, name: "   " })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await listMyPasskeys(u.ctx)).passkeys.map((p) => p.name)).toEqual(["Old laptop"]);
  });

  it("removing a passkey deletes it, is audited and told to the owner, and its next sign-in is refused", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { passkey, recoveryCodes: codes } = await enrol(u.ctx, auth);
    expect((await signInWith(t.db, auth)).ok).toBe(true);
    await removeMyPasskey(u.ctx, { id: passkey.id, code: codes![0] });
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id))).toEqual([]);
    expect(await signInWith(t.db, auth)).toMatchObject({ ok: false, code: "UNAUTHENTICATED", reason: "passkey_unknown" });
    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, u.id), eq(auditLogs.action, "user.passkey_remove")));
    expect(audits).toHaveLength(1);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, u.id), eq(notifications.level, "WARNING")));
    expect(notes).toHaveLength(1);
  });
});

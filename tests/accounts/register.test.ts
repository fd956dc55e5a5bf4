import { count, eq } from "drizzle-orm";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, emailTokens, tasks, users } from "../../src/server/db/schema";
import { register, authenticate } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const countUsers = async () => Number((await t.db.select({ n: count() }).from(users))[0]!.n);

describe("register", () => {
  it("creates an ACTIVE user who can log in when verification is off", async () => {
    const r = await register(anonCtx(t.db), { email: "Alice@Example.com", password: "password-123", name: "Alice" });
    expect(r.verificationRequired).toBe(false);
    expect(r.user).toMatchObject({ email: "alice@example.com", status: "ACTIVE", name: "Alice" });
    const u = await authenticate(anonCtx(t.db), { email: "alice@example.com", password: "password-123" });
    expect(u.email).toBe("alice@example.com");
  });

  it.each([
    ["bad email", { email: "nope", password: "password-123", name: "x" }],
    ["short password", { email: "short@example.com", password: "short", name: "x" }],
    ["not an object", "garbage"],
  ])("rejects %s with VALIDATION and writes nothing", async (_, body) => {
    const before = await countUsers();
    await expect(register(anonCtx(t.db), body)).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await countUsers()).toBe(before);
  });

  it("rejects a duplicate email with CONFLICT, also when two arrive at once", async () => {
    await register(anonCtx(t.db), { email: "dup@example.com", password: "password-123", name: "d" });
    await expect(register(anonCtx(t.db), { email: "DUP@example.com", password: "password-123", name: "d" })).rejects.toMatchObject({ code: "CONFLICT" });
    const results = await Promise.allSettled([1, 2, 3].map(() => register(anonCtx(t.db), { email: "race@example.com", password: "password-123" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason.code).toBe("CONFLICT");
    expect(Number((await t.db.select({ n: count() }).from(users).where(eq(users.email, "race@example.com")))[0]!.n)).toBe(1);
  });

  it("is refused while registration is closed", async () => {
    await updateSettings(cliCtx(t.db), { registrationOpen: false });
    const before = await countUsers();
    await expect(register(anonCtx(t.db), { email: "closed@example.com", password: "password-123" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await countUsers()).toBe(before);
    await updateSettings(cliCtx(t.db), { registrationOpen: true });
  });

  it("requires a valid invite code when configured and records the inviter", async () => {
    const inviter = await makeUser(t.db);
    await t.db.update(users).set({ inviteCode: "INVITE2345" }).where(eq(users.id, inviter.id));
    await updateSettings(cliCtx(t.db), { inviteCodeRequired: true });
    await expect(register(anonCtx(t.db), { email: "noinv@example.com", password: "password-123" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(register(anonCtx(t.db), { email: "badinv@example.com", password: "password-123", inviteCode: "WRONG" })).rejects.toMatchObject({ code: "VALIDATION" });
    const r = await register(anonCtx(t.db), { email: "inv@example.com", password: "password-123", inviteCode: "INVITE2345" });
    const [u] = await t.db.select().from(users).where(eq(users.id, r.user!.id));
    expect(u!.invitedById).toBe(inviter.id);
    await updateSettings(cliCtx(t.db), { inviteCodeRequired: false });
  });

  it("with verification on: PENDING_EMAIL user, hashed token, queued mail, login refused", async () => {
    await expect(updateSettings(cliCtx(t.db), { emailVerificationRequired: true })).rejects.toMatchObject({ code: "VALIDATION" });
    await updateSettings(cliCtx(t.db), { smtpHost: "127.0.0.1", smtpPort: 2525, emailVerificationRequired: true });
    const r = await register(anonCtx(t.db), { email: "pending@example.com", password: "password-123" });
    expect(r).toMatchObject({ verificationRequired: true, user: { status: "PENDING_EMAIL" } });
    const [tok] = await t.db.select().from(emailTokens).where(eq(emailTokens.email, "pending@example.com"));
    expect(tok!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await t.db.select().from(tasks).where(eq(tasks.kind, "mail.send"));
    // The link (with its live token) is queued only inside the encrypted `secret` part (issue 6, item 1).
    const linkOf = (m: (typeof mails)[number]) => (typeof m.payload.secret === "string" ? (JSON.parse(decryptSecret(m.payload.secret)) as { link: string }).link : "");
    expect(mails.some((m) => m.payload.to === "pending@example.com" && linkOf(m).includes("/verify-email?token="))).toBe(true);
    expect(JSON.stringify(mails)).not.toContain("/verify-email?token=");
    await expect(authenticate(anonCtx(t.db), { email: "pending@example.com", password: "password-123" })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "email_not_verified" } });
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
  });

  it("audits registrations", async () => {
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.register"));
    expect(rows.length).toBeGreaterThan(0);
  });
});

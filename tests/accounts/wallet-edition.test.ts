// Wallet edition: no user row exists until the emailed link is used (behaviour §2).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, emailTokens, pendingRegistrations, users } from "../../src/server/db/schema";
import { authenticate, confirmEmailLink, register, resendVerification } from "../../src/server/services/accounts";
import { getAppInfo, updateSettings } from "../../src/server/services/settings";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = overrideEnv({ EDITION: "wallet" });
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
  await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
});
afterAll(async () => {
  restoreEnv();
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

const usersWith = async (email: string) => Number((await t.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n);
const pendingWith = (email: string) => t.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));

describe("wallet edition registration", () => {
  it("creates only a pending registration and mails a link", async () => {
    expect((await getAppInfo(t.db)).edition).toBe("wallet");
    const since = smtp.messages.length;
    expect(await register(anonCtx(t.db), { email: "w1@example.com", password: "password-123", name: "W" })).toEqual({ verificationRequired: true });
    expect(await usersWith("w1@example.com")).toBe(0);
    const [p] = await pendingWith("w1@example.com");
    expect(p).toMatchObject({ name: "W" });
    expect(p!.passwordHash).toMatch(/^\$argon2id\$/);
    linkFromMail(await deliverAndReceive(t.db, smtp, "w1@example.com", since), "/verify-email");
    await expect(authenticate(anonCtx(t.db), { email: "w1@example.com", password: "password-123" })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "email_not_verified" } });
  });

  it("a wrong password for a pending registration is a wrong password: it does not reveal that the address awaits verification", async () => {
    await register(anonCtx(t.db), { email: "w1b@example.com", password: "password-123" });
    await expect(authenticate(anonCtx(t.db), { email: "w1b@example.com", password: "not-the-password" })).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "bad_credentials" } });
    await expect(authenticate(anonCtx(t.db), { email: "w1b@example.com", password: "password-123" })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "email_not_verified" } });
  });

  it("registering again replaces the pending record and supersedes the first link", async () => {
    let since = smtp.messages.length;
    await register(anonCtx(t.db), { email: "w2@example.com", password: "first-password" });
    const first = linkFromMail(await deliverAndReceive(t.db, smtp, "w2@example.com", since), "/verify-email").token;
    since = smtp.messages.length;
    await register(anonCtx(t.db), { email: "w2@example.com", password: "second-password", name: "Second" });
    const second = linkFromMail(await deliverAndReceive(t.db, smtp, "w2@example.com", since), "/verify-email").token;
    expect(await pendingWith("w2@example.com")).toHaveLength(1);
    expect((await pendingWith("w2@example.com"))[0]!.name).toBe("Second");
    await expect(confirmEmailLink(anonCtx(t.db), { token: first })).rejects.toMatchObject({ code: "VALIDATION" });

    expect(await confirmEmailLink(anonCtx(t.db), { token: second })).toEqual({ outcome: "registered", email: "w2@example.com", account: expect.objectContaining({ email: "w2@example.com", name: "Second", role: "USER" }) });
    const [u] = await t.db.select().from(users).where(eq(users.email, "w2@example.com"));
    expect(u).toMatchObject({ status: "ACTIVE", name: "Second" });
    expect(u!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await pendingWith("w2@example.com")).toHaveLength(0);
    await expect(authenticate(anonCtx(t.db), { email: "w2@example.com", password: "first-password" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await authenticate(anonCtx(t.db), { email: "w2@example.com", password: "second-password" })).id).toBe(u!.id);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, u!.id));
    expect(audits.map((a) => a.action)).toContain("user.register");
  });

  it("a used link cannot create the account twice", async () => {
    const since = smtp.messages.length;
    await register(anonCtx(t.db), { email: "w3@example.com", password: "password-123" });
    const { token } = linkFromMail(await deliverAndReceive(t.db, smtp, "w3@example.com", since), "/verify-email");
    await confirmEmailLink(anonCtx(t.db), { token });
    await expect(confirmEmailLink(anonCtx(t.db), { token })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await usersWith("w3@example.com")).toBe(1);
  });

  it("resend issues a fresh REGISTER link for a pending registration", async () => {
    let since = smtp.messages.length;
    await register(anonCtx(t.db), { email: "w4@example.com", password: "password-123" });
    await deliverAndReceive(t.db, smtp, "w4@example.com", since);
    since = smtp.messages.length;
    await resendVerification(anonCtx(t.db), { email: "w4@example.com" });
    const { token } = linkFromMail(await deliverAndReceive(t.db, smtp, "w4@example.com", since), "/verify-email");
    const live = await t.db.select().from(emailTokens).where(eq(emailTokens.email, "w4@example.com"));
    expect(live.map((x) => x.purpose)).toEqual(["REGISTER"]);
    expect((await confirmEmailLink(anonCtx(t.db), { token })).outcome).toBe("registered");
  });

  it("refuses an email that already belongs to a user, writing no pending record", async () => {
    const existing = await makeUser(t.db);
    await expect(register(anonCtx(t.db), { email: existing.email, password: "password-123" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await pendingWith(existing.email)).toHaveLength(0);
  });

  it("without verification, the wallet edition creates an ACTIVE user directly", async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
    const r = await register(anonCtx(t.db), { email: "w5@example.com", password: "password-123" });
    expect(r).toMatchObject({ verificationRequired: false, user: { status: "ACTIVE" } });
    expect(await pendingWith("w5@example.com")).toHaveLength(0);
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
  });
});

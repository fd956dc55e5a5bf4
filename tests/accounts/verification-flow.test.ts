// Registration with email verification, end to end through the task worker and a real SMTP server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, users } from "../../src/server/db/schema";
import { makeCtx } from "../../src/server/context";
import { authenticate, confirmEmailLink, register, resendVerification } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx, freshIp } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, TEST_FROM, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
beforeAll(async () => {
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
  await updateSettings(cliCtx(t.db), { emailVerificationRequired: true, siteName: "Relay & Co", siteUrl: "https://relay.example.com/" });
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

async function registerAndReceive(email: string, locale?: "en" | "zh-CN") {
  const since = smtp.messages.length;
  const r = await register(anonCtx(t.db), { email, password: "password-123", locale });
  expect(r).toMatchObject({ verificationRequired: true, user: { status: "PENDING_EMAIL" } });
  return deliverAndReceive(t.db, smtp, email, since);
}

describe("email verification", () => {
  it("register -> mail with text and HTML link -> confirm -> ACTIVE -> login", async () => {
    const mail = await registerAndReceive("flow@example.com", "en");
    expect(mail.subject).toBe("Verify your email for Relay & Co");
    expect(mail.envelopeFrom).toBe(TEST_FROM);
    expect(mail.html).toContain("Relay &amp; Co");
    const { link, token } = linkFromMail(mail, "/verify-email");
    expect(link.startsWith("https://relay.example.com/verify-email?token=")).toBe(true);
    expect(mail.text).toContain("30 minutes");

    await expect(authenticate(anonCtx(t.db), { email: "flow@example.com", password: "password-123" })).rejects.toMatchObject({ details: { reason: "email_not_verified" } });
    // The account the link proved the mailbox of comes back too, for the browser's new session.
    expect(await confirmEmailLink(anonCtx(t.db), { token })).toEqual({ outcome: "verified", email: "flow@example.com", account: expect.objectContaining({ email: "flow@example.com", role: "USER" }) });
    const u = await userByEmail("flow@example.com");
    expect(u).toMatchObject({ status: "ACTIVE" });
    expect(u!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await authenticate(anonCtx(t.db), { email: "flow@example.com", password: "password-123" })).toMatchObject({ id: u!.id });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.verify_email"));
    expect(audit.map((a) => a.targetId)).toContain(u!.id);
  });

  it("sends the mail in the registrant's language (zh-CN)", async () => {
    const mail = await registerAndReceive("zh@example.com", "zh-CN");
    expect(mail.subject).toBe("验证您在 Relay & Co 的邮箱");
    expect(mail.text).toContain("验证邮箱");
    expect(mail.html).toContain('lang="zh-CN"');
  });

  it("a link works once", async () => {
    const { token } = linkFromMail(await registerAndReceive("once@example.com"), "/verify-email");
    await confirmEmailLink(anonCtx(t.db), { token });
    await expect(confirmEmailLink(anonCtx(t.db), { token })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
  });

  it("an expired link is refused, and the same link inside its lifetime works", async () => {
    const { token } = linkFromMail(await registerAndReceive("late@example.com"), "/verify-email");
    const later = makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp(), now: () => new Date(Date.now() + 31 * 60_000) });
    await expect(confirmEmailLink(later, { token })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    expect((await userByEmail("late@example.com"))!.status).toBe("PENDING_EMAIL");
    const soon = makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp(), now: () => new Date(Date.now() + 29 * 60_000) });
    expect((await confirmEmailLink(soon, { token })).outcome).toBe("verified");
  });

  it("resend mails a new link that supersedes the old one", async () => {
    const first = linkFromMail(await registerAndReceive("resend@example.com"), "/verify-email");
    const since = smtp.messages.length;
    expect(await resendVerification(anonCtx(t.db), { email: "RESEND@example.com" })).toEqual({ sent: true });
    const second = linkFromMail(await deliverAndReceive(t.db, smtp, "resend@example.com", since), "/verify-email");
    expect(second.token).not.toBe(first.token);
    await expect(confirmEmailLink(anonCtx(t.db), { token: first.token })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await confirmEmailLink(anonCtx(t.db), { token: second.token })).outcome).toBe("verified");
  });

  it("resend answers the same for unknown and already verified addresses, and mails nothing", async () => {
    const since = smtp.messages.length;
    expect(await resendVerification(anonCtx(t.db), { email: "nobody@example.com" })).toEqual({ sent: true });
    expect(await resendVerification(anonCtx(t.db), { email: "flow@example.com" })).toEqual({ sent: true });
    await runDueTasks(t.db); // delivery is synchronous inside the worker: anything queued is sent now
    expect(smtp.messages.length).toBe(since);
  });

  it("resend is rate limited per address", async () => {
    await register(anonCtx(t.db), { email: "spam@example.com", password: "password-123" });
    for (let i = 0; i < 3; i++) await resendVerification(anonCtx(t.db), { email: "spam@example.com" });
    await expect(resendVerification(anonCtx(t.db), { email: "spam@example.com" })).rejects.toMatchObject({ code: "RATE_LIMITED", details: { retryAfterSeconds: expect.any(Number) } });
  });

  it("refuses malformed tokens with VALIDATION", async () => {
    await expect(confirmEmailLink(anonCtx(t.db), { token: "short" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(confirmEmailLink(anonCtx(t.db), { token: "x".repeat(43) })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    await expect(confirmEmailLink(anonCtx(t.db), null)).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

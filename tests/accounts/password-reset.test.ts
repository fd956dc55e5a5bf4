import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { auditLogs, users } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { authenticate, confirmEmailLink, requestPasswordReset, resendVerification, resetPassword, setUserStatus } from "../../src/server/services/accounts";
import { runDueTasks } from "../../src/server/services/tasks";
import { anonCtx, cliCtx, freshIp, makeUser } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();
beforeEach(() => {
  useMemoryLimiter();
});

const sessionVersion = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.sessionVersion;

async function resetLinkFor(email: string) {
  const since = t.smtp.messages.length;
  expect(await requestPasswordReset({ ...anonCtx(t.db), locale: "en" }, { email })).toEqual({ sent: true });
  const mail = await deliverAndReceive(t.db, t.smtp, email, since);
  expect(mail.subject).toMatch(/Reset your .* password/);
  expect(mail.text).toContain("20 minutes");
  return linkFromMail(mail, "/reset-password").token;
}

describe("password reset", () => {
  it("mails a link; the new password works, the old one fails, sessions end", async () => {
    const u = await makeUser(t.db);
    const v0 = await sessionVersion(u.id);
    const token = await resetLinkFor(u.email);
    expect(await resetPassword(anonCtx(t.db), { token, password: "brand-new-pass-1" })).toEqual({ email: u.email });
    expect(await sessionVersion(u.id)).toBe(v0 + 1);
    await expect(authenticate(anonCtx(t.db), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: "brand-new-pass-1" })).sessionVersion).toBe(v0 + 1);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.reset_password"));
    expect(audit.map((a) => a.targetId)).toContain(u.id);
  });

  it("a reset link works once and not after 20 minutes", async () => {
    const u = await makeUser(t.db);
    const token = await resetLinkFor(u.email);
    const late = makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp(), now: () => new Date(Date.now() + 21 * 60_000) });
    await expect(resetPassword(late, { token, password: "too-late-pass-1" })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    await resetPassword(anonCtx(t.db), { token, password: "first-pass-123" });
    await expect(resetPassword(anonCtx(t.db), { token, password: "second-pass-123" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: "first-pass-123" })).id).toBe(u.id);
  });

  it("a reset token cannot verify an email and a short new password is refused", async () => {
    const u = await makeUser(t.db);
    const token = await resetLinkFor(u.email);
    await expect(resetPassword(anonCtx(t.db), { token, password: "short" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { password: expect.any(String) } } });
    await expect(confirmEmailLink(anonCtx(t.db), { token })).rejects.toMatchObject({ code: "VALIDATION" });
    await resetPassword(anonCtx(t.db), { token, password: "still-valid-123" }); // neither attempt used it up
  });

  it("answers the same for unknown, disabled and banned accounts without mailing them", async () => {
    const banned = await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), banned.id, { status: "BANNED", reason: "spam" });
    const since = t.smtp.messages.length;
    for (const email of ["ghost@example.com", banned.email]) expect(await requestPasswordReset(anonCtx(t.db), { email })).toEqual({ sent: true });
    await runDueTasks(t.db);
    expect(t.smtp.messages.length).toBe(since);
  });

  it("clears the login cool-down once the password is reset", async () => {
    // The cool-down is per account + IP (issue 6 item 3), so the owner locks themselves out from one IP.
    const u = await makeUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await authenticate(anonCtx(t.db, ip), { email: u.email, password: "wrong-guess" }).catch(() => undefined);
    await expect(authenticate(anonCtx(t.db, ip), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await resetPassword(anonCtx(t.db, ip), { token: await resetLinkFor(u.email), password: "after-lockout-1" });
    expect((await authenticate(anonCtx(t.db, ip), { email: u.email, password: "after-lockout-1" })).id).toBe(u.id);
  });

  it("a wrong token changes nothing and token attempts are limited per IP (reset and email links together)", async () => {
    const u = await makeUser(t.db);
    const token = await resetLinkFor(u.email);
    const hashBefore = (await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.passwordHash;
    const ip = freshIp();
    for (let i = 0; i < LIMITS.tokenAttemptsPerIp.limit - 1; i++) {
      await expect(resetPassword(anonCtx(t.db, ip), { token: `not-the-token-${i}-${"x".repeat(30)}`, password: "attacker-pass-1" })).rejects.toMatchObject({
        code: "VALIDATION",
        details: { reason: "invalid_link" },
      });
    }
    await expect(confirmEmailLink(anonCtx(t.db, ip), { token: `not-a-link-${"y".repeat(30)}` })).rejects.toMatchObject({ details: { reason: "invalid_link" } });
    for (const attempt of [() => resetPassword(anonCtx(t.db, ip), { token, password: "attacker-pass-1" }), () => confirmEmailLink(anonCtx(t.db, ip), { token })]) {
      const err = await attempt().catch((e) => e);
      expect(err).toMatchObject({ code: "RATE_LIMITED" });
      expect(err.details.retryAfterSeconds).toBeGreaterThan(0);
      expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.tokenAttemptsPerIp.windowSeconds);
    }
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.passwordHash).toBe(hashBefore);
    // The real link still works from another address: refused attempts did not use it up.
    expect(await resetPassword(anonCtx(t.db), { token, password: "owner-pass-123" })).toEqual({ email: u.email });
  });

  it("reset and verification requests are limited per IP, whatever the addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.emailRequestsPerIp.limit; i++) {
      const ask = i % 2 ? requestPasswordReset : resendVerification;
      expect(await ask(anonCtx(t.db, ip), { email: `probe${i}-${ip}@example.com` })).toEqual({ sent: true });
    }
    for (const ask of [requestPasswordReset, resendVerification]) {
      const err = await ask(anonCtx(t.db, ip), { email: `one-more-${ip}@example.com` }).catch((e) => e);
      expect(err).toMatchObject({ code: "RATE_LIMITED" });
      expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.emailRequestsPerIp.windowSeconds);
    }
    expect(await requestPasswordReset(anonCtx(t.db), { email: `one-more-${ip}@example.com` })).toEqual({ sent: true });
  });

  it("is rate limited per address", async () => {
    const u = await makeUser(t.db);
    for (let i = 0; i < 3; i++) await requestPasswordReset(anonCtx(t.db), { email: u.email });
    await expect(requestPasswordReset(anonCtx(t.db), { email: u.email })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});

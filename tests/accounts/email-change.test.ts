import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs, users } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { authenticate, changePassword, confirmEmailLink, requestEmailChange } from "../../src/server/services/accounts";
import { anonCtx, makeUser } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();
beforeEach(() => {
  useMemoryLimiter();
});

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

async function changeLink(u: Awaited<ReturnType<typeof makeUser>>, newEmail: string) {
  const since = t.smtp.messages.length;
  expect(await requestEmailChange({ ...u.ctx, locale: "en" }, { newEmail, currentPassword: u.password })).toEqual({ sent: true });
  const mail = await deliverAndReceive(t.db, t.smtp, newEmail, since);
  expect(mail.to).toEqual([newEmail.toLowerCase()]);
  expect(mail.subject).toMatch(/Confirm your new email/);
  return linkFromMail(mail, "/verify-email").token;
}

describe("email change", () => {
  it("mails the new address; the link applies the change and ends sessions", async () => {
    const u = await makeUser(t.db);
    const before = await row(u.id);
    const token = await changeLink(u, "New.Address@example.com");
    expect((await row(u.id)).email).toBe(u.email); // nothing changes before the link is used
    expect(await confirmEmailLink(anonCtx(t.db), { token })).toEqual({ outcome: "email_changed", email: "new.address@example.com" });
    const after = await row(u.id);
    expect(after.email).toBe("new.address@example.com");
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect((await authenticate(anonCtx(t.db), { email: "new.address@example.com", password: u.password })).id).toBe(u.id);
    await expect(authenticate(anonCtx(t.db), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.change_email"));
    expect(audit).toMatchObject({ targetId: u.id, metadata: { from: u.email, to: "new.address@example.com" } });
  });

  it("refuses an address that is taken, the same address, and a wrong current password", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    await expect(requestEmailChange(u.ctx, { newEmail: other.email, currentPassword: u.password })).rejects.toMatchObject({ code: "CONFLICT", details: { fields: { newEmail: "taken" } } });
    await expect(requestEmailChange(u.ctx, { newEmail: u.email, currentPassword: u.password })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(requestEmailChange(u.ctx, { newEmail: "free@example.com", currentPassword: "wrong-one" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("answers CONFLICT when the address was taken between the request and the link, and changes nothing", async () => {
    const u = await makeUser(t.db);
    const token = await changeLink(u, "contested@example.com");
    await makeUser(t.db, "USER", "contested@example.com");
    await expect(confirmEmailLink(anonCtx(t.db), { token })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await row(u.id)).email).toBe(u.email);
  });

  it("a newer request supersedes the older link", async () => {
    const u = await makeUser(t.db);
    const first = await changeLink(u, "first-choice@example.com");
    const second = await changeLink(u, "second-choice@example.com");
    await expect(confirmEmailLink(anonCtx(t.db), { token: first })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await confirmEmailLink(anonCtx(t.db), { token: second })).email).toBe("second-choice@example.com");
  });

  it("requires a logged-in caller", async () => {
    await expect(requestEmailChange(anonCtx(t.db), { newEmail: "x@example.com", currentPassword: "whatever-1" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("is limited per account, whatever the new address (the per-address limit alone allowed unlimited tries)", async () => {
    const u = await makeUser(t.db);
    for (let i = 0; i < LIMITS.emailChangesPerAccount.limit; i++) {
      expect(await requestEmailChange(u.ctx, { newEmail: `hop${i}-${u.id}@example.com`, currentPassword: u.password })).toEqual({ sent: true });
    }
    const err = await requestEmailChange(u.ctx, { newEmail: `hop-last-${u.id}@example.com`, currentPassword: "a-guess-123" }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.emailChangesPerAccount.windowSeconds);
  });

  it("wrong current passwords count together with password changes: then even the right one waits", async () => {
    const u = await makeUser(t.db);
    const n = LIMITS.currentPasswordPerAccount.limit;
    for (let i = 0; i < n; i++) {
      const attempt = i % 2
        ? requestEmailChange(u.ctx, { newEmail: `guess${i}-${u.id}@example.com`, currentPassword: `guess-${i}-pw` })
        : changePassword(u.ctx, { currentPassword: `guess-${i}-pw`, newPassword: "attacker-pass-1" });
      await expect(attempt).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "current_password_wrong" } });
    }
    await expect(requestEmailChange(u.ctx, { newEmail: `late-${u.id}@example.com`, currentPassword: u.password })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(changePassword(u.ctx, { currentPassword: u.password, newPassword: "owner-pass-123" })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});

// A new password equal to the current one is refused (reason password_unchanged), by the account
// page's change and by a reset link; nothing changes, sessions survive, and a reset link that was
// refused still works for a different password.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { authenticate, changePassword, requestPasswordReset, resetPassword } from "../../src/server/services/accounts";
import { anonCtx, makeUser } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();
beforeEach(() => {
  useMemoryLimiter();
});

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const unchanged = { code: "VALIDATION", details: { reason: "password_unchanged" } };

describe("a new password equal to the current one", () => {
  it("is refused by changePassword; the hash and the session version stay", async () => {
    const u = await makeUser(t.db);
    const before = await row(u.id);
    await expect(changePassword(u.ctx, { currentPassword: u.password, newPassword: u.password })).rejects.toMatchObject({ ...unchanged, details: { ...unchanged.details, fields: { newPassword: "unchanged" } } });
    const after = await row(u.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    // A different password still goes through.
    await changePassword(u.ctx, { currentPassword: u.password, newPassword: `${u.password}-2` });
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: `${u.password}-2` })).id).toBe(u.id);
  });

  it("answers a wrong current password first, so it tells nothing to someone without it", async () => {
    const u = await makeUser(t.db);
    await expect(changePassword(u.ctx, { currentPassword: "not-the-password", newPassword: "not-the-password" })).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "current_password_wrong" } });
  });

  it("is refused by a reset link, which then still works for another password", async () => {
    const u = await makeUser(t.db);
    const since = t.smtp.messages.length;
    await requestPasswordReset({ ...anonCtx(t.db), locale: "en" }, { email: u.email });
    const { token } = linkFromMail(await deliverAndReceive(t.db, t.smtp, u.email, since), "/reset-password");
    const before = await row(u.id);
    await expect(resetPassword(anonCtx(t.db), { token, password: u.password })).rejects.toMatchObject({ ...unchanged, details: { ...unchanged.details, fields: { password: "unchanged" } } });
    expect((await row(u.id)).sessionVersion).toBe(before.sessionVersion);
    expect(await resetPassword(anonCtx(t.db), { token, password: "a-different-pass-1" })).toEqual({ email: u.email });
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: "a-different-pass-1" })).id).toBe(u.id);
  });
});

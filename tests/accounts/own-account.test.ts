import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs, userSessions, users } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { authenticate, changePassword, generateInviteCode, logoutEverywhere, register, updateProfile } from "../../src/server/services/accounts";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { openSession } from "../../src/server/services/accounts/user-sessions";

const t = testDbForFile();
beforeEach(() => {
  useMemoryLimiter();
});

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditFor = async (action: string, id: string) => (await t.db.select().from(auditLogs).where(eq(auditLogs.action, action))).filter((a) => a.targetId === id);

describe("profile", () => {
  it("updates the name and locale of the caller only", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const p = await updateProfile(u.ctx, { name: "  New Name ", locale: "en" });
    expect(p).toMatchObject({ id: u.id, name: "New Name", locale: "en" });
    expect(p).not.toHaveProperty("passwordHash");
    expect((await row(other.id)).name).not.toBe("New Name");
  });

  it("validates the name", async () => {
    const u = await makeUser(t.db);
    await expect(updateProfile(u.ctx, { name: "x".repeat(51) })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { name: expect.any(String) } } });
    await expect(updateProfile(u.ctx, { name: "ok", locale: "fr" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("change password", () => {
  it("needs the current password; the new one works, the old one fails, sessions end", async () => {
    const u = await makeUser(t.db);
    const v0 = (await row(u.id)).sessionVersion;
    await expect(changePassword(u.ctx, { currentPassword: "not-it", newPassword: "next-password-1" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await row(u.id)).sessionVersion).toBe(v0);
    expect(await changePassword(u.ctx, { currentPassword: u.password, newPassword: "next-password-1" })).toEqual({ sessionVersion: v0 + 1 });
    await expect(authenticate(anonCtx(t.db), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await authenticate(anonCtx(t.db), { email: u.email, password: "next-password-1" })).sessionVersion).toBe(v0 + 1);
    expect(await auditFor("user.change_password", u.id)).toHaveLength(1);
  });

  it("limits wrong current passwords per account: then even the right one answers RATE_LIMITED", async () => {
    const u = await makeUser(t.db);
    const hashBefore = (await row(u.id)).passwordHash;
    for (let i = 0; i < LIMITS.currentPasswordPerAccount.limit; i++) {
      await expect(changePassword(u.ctx, { currentPassword: `guess-${i}-pw`, newPassword: "attacker-pass-1" })).rejects.toMatchObject({ details: { reason: "current_password_wrong" } });
    }
    const err = await changePassword(u.ctx, { currentPassword: u.password, newPassword: "attacker-pass-1" }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(LIMITS.currentPasswordPerAccount.windowSeconds - 60);
    expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.currentPasswordPerAccount.windowSeconds);
    expect((await row(u.id)).passwordHash).toBe(hashBefore);
  });

  it("30 concurrent wrong current passwords get exactly the limit of checks", async () => {
    const u = await makeUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changePassword(u.ctx, { currentPassword: `guess-${i}-pw`, newPassword: "attacker-pass-1" }).catch((e) => e.details?.reason ?? e.code)),
    );
    expect(results.filter((r) => r === "current_password_wrong")).toHaveLength(LIMITS.currentPasswordPerAccount.limit);
    expect(results.filter((r) => r === "rate_limited")).toHaveLength(30 - LIMITS.currentPasswordPerAccount.limit);
  });

  it("a right current password clears earlier wrong ones", async () => {
    const u = await makeUser(t.db);
    const n = LIMITS.currentPasswordPerAccount.limit - 1;
    for (let i = 0; i < n; i++) await changePassword(u.ctx, { currentPassword: "nope-nope", newPassword: "whatever-123" }).catch(() => undefined);
    await changePassword(u.ctx, { currentPassword: u.password, newPassword: "second-pass-1" });
    for (let i = 0; i < n; i++) await changePassword(u.ctx, { currentPassword: "nope-nope", newPassword: "whatever-123" }).catch(() => undefined);
    expect(await changePassword(u.ctx, { currentPassword: "second-pass-1", newPassword: "third-pass-1" })).toHaveProperty("sessionVersion");
  });

  it("refuses a too short new password", async () => {
    const u = await makeUser(t.db);
    await expect(changePassword(u.ctx, { currentPassword: u.password, newPassword: "short" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { newPassword: expect.any(String) } } });
  });
});

describe("logout everywhere", () => {
  // Behaviour changed with revocable sessions (issue 6 item 11): the session rows are revoked, the
  // session version is left alone (tests/auth/revocable-sessions.test.ts proves the tokens die).
  it("revokes every session of the user and audits it", async () => {
    const u = await makeUser(t.db);
    const v0 = (await row(u.id)).sessionVersion;
    const now = new Date();
    for (let i = 0; i < 2; i++) await openSession(t.db, { userId: u.id, sessionVersion: v0, now });
    await logoutEverywhere(u.ctx);
    await logoutEverywhere(u.ctx);
    const sessions = await t.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await row(u.id)).sessionVersion).toBe(v0);
    expect((await auditFor("user.logout_everywhere", u.id)).map((a) => (a.metadata as { sessions: number }).sessions).sort()).toEqual([0, 2]);
  });
});

describe("invite codes", () => {
  it("are 10 characters from the unambiguous alphabet, unique, and replace the previous code", async () => {
    const u = await makeUser(t.db);
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { inviteCode } = await generateInviteCode(u.ctx);
      expect(inviteCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
      codes.add(inviteCode);
    }
    expect(codes.size).toBe(20);
    const last = [...codes].at(-1)!;
    expect((await row(u.id)).inviteCode).toBe(last);
    const others = await Promise.all([1, 2, 3].map(async () => generateInviteCode((await makeUser(t.db)).ctx)));
    expect(new Set([last, ...others.map((o) => o.inviteCode)]).size).toBe(4);
  });

  it("the generated code lets someone register as invited", async () => {
    const u = await makeUser(t.db);
    const { inviteCode } = await generateInviteCode(u.ctx);
    const r = await register(anonCtx(t.db), { email: "invited@example.com", password: "password-123", inviteCode });
    expect((await row(r.user!.id)).invitedById).toBe(u.id);
  });
});

describe("wrong caller", () => {
  it.each([
    ["updateProfile", (c: ReturnType<typeof anonCtx>) => updateProfile(c, { name: "x" })],
    ["changePassword", (c: ReturnType<typeof anonCtx>) => changePassword(c, { currentPassword: "a", newPassword: "password-123" })],
    ["logoutEverywhere", (c: ReturnType<typeof anonCtx>) => logoutEverywhere(c)],
    ["generateInviteCode", (c: ReturnType<typeof anonCtx>) => generateInviteCode(c)],
  ])("%s refuses an anonymous caller with UNAUTHENTICATED", async (_, call) => {
    await expect(call(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses a caller whose account no longer exists", async () => {
    const u = await makeUser(t.db);
    await t.db.delete(users).where(eq(users.id, u.id));
    await expect(changePassword(u.ctx, { currentPassword: u.password, newPassword: "password-456" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

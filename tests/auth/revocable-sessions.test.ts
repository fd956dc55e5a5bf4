// Issue 6 item 11: signing out ends the session. Each login opens a user_sessions row named in the
// cookie's token; sign-out revokes that row, "log out everywhere" all of the user's rows, and the
// jwt callback (every request) refuses a token whose row is revoked or expired.
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { userSessions, users } from "../../src/server/db/schema";
import { changePassword, listMySessions, logoutEverywhere, revokeMySession } from "../../src/server/services/accounts";
import { checkSession, SESSION_MAX_AGE_SECONDS } from "../../src/server/services/accounts/user-sessions";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { accepted, loginOrThrow, signOutEvent } from "../helpers/next-auth";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // next-auth's hooks use the process-wide database
  useMemoryLimiter();
});
afterAll(() => t.close());

async function userWithTwoSessions() {
  const u = await makeUser(t.db);
  const a = await loginOrThrow({ email: u.email, password: u.password }, { userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15" });
  const b = await loginOrThrow({ email: u.email, password: u.password }, { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile" });
  /** The user's context as a request from the browser holding `token` sees it. */
  const ctxOf = (token: JWT) => makeCtx(t.db, { kind: "user", userId: u.id, email: u.email, role: "USER", sessionId: token.sid as string }, { ip: "198.51.100.1" });
  return { u, a, b, ctxOf };
}

describe("revocable sessions", () => {
  it("a login puts a session id in the token, backed by a row with IP and user agent", async () => {
    const { u, b } = await userWithTwoSessions();
    expect(b.sid).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db.select().from(userSessions).where(eq(userSessions.id, b.sid as string));
    expect(row).toMatchObject({ userId: u.id, ip: "203.0.113.7", revokedAt: null });
    expect(row!.userAgent).toContain("Android");
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(SESSION_MAX_AGE_SECONDS * 1000);
  });

  it("after the signOut event the token is refused, and the user's other session still works", async () => {
    const { a, b } = await userWithTwoSessions();
    expect(await accepted(a)).toBe(true);
    await signOutEvent({ token: a });
    expect(await accepted(a)).toBe(false);
    expect(await accepted(b)).toBe(true);
  });

  it("log out everywhere refuses every session of the user, through the sessions table alone", async () => {
    const { u, a, b, ctxOf } = await userWithTwoSessions();
    const other = await makeUser(t.db);
    const c = await loginOrThrow({ email: other.email, password: other.password });
    const [before] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, u.id));
    await logoutEverywhere(ctxOf(a));
    expect(await accepted(a)).toBe(false);
    expect(await accepted(b)).toBe(false);
    expect(await accepted(c)).toBe(true); // someone else's session is untouched
    const [after] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, u.id));
    expect(after!.sv).toBe(before!.sv); // not the session version: the revoked rows did it
    expect((await t.db.select().from(userSessions).where(eq(userSessions.userId, u.id))).every((s) => s.revokedAt)).toBe(true);
  });

  it("the account lists its live sessions, marks this one, and can sign another device out", async () => {
    const { a, b, ctxOf } = await userWithTwoSessions();
    const list = await listMySessions(ctxOf(a));
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.id).toBe(a.sid);
    expect(list.find((s) => !s.current)).toMatchObject({ id: b.sid, ip: "203.0.113.7" });

    await expect(revokeMySession(ctxOf(a), { id: a.sid })).rejects.toMatchObject({ details: { reason: "current_session" } });
    await revokeMySession(ctxOf(a), { id: b.sid });
    expect(await accepted(b)).toBe(false);
    expect(await accepted(a)).toBe(true);
    expect((await listMySessions(ctxOf(a))).map((s) => s.id)).toEqual([a.sid]);
    await expect(revokeMySession(ctxOf(a), { id: b.sid })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("nobody can revoke another user's session", async () => {
    const mine = await userWithTwoSessions();
    const theirs = await userWithTwoSessions();
    await expect(revokeMySession(mine.ctxOf(mine.a), { id: theirs.a.sid })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await accepted(theirs.a)).toBe(true);
  });

  it("a password change ends the sessions and hides them from the list; the new login is listed", async () => {
    const { u, a, b, ctxOf } = await userWithTwoSessions();
    await changePassword(ctxOf(a), { currentPassword: u.password, newPassword: "another-pass-1" });
    expect(await accepted(a)).toBe(false);
    expect(await accepted(b)).toBe(false);
    const again = await loginOrThrow({ email: u.email, password: "another-pass-1" });
    expect((await listMySessions(ctxOf(again))).map((s) => s.id)).toEqual([again.sid]);
  });

  it("last_seen_at is written at most every five minutes, and slides the expiry", async () => {
    const { u, a } = await userWithTwoSessions();
    const sid = a.sid as string;
    const row = async () => (await t.db.select().from(userSessions).where(eq(userSessions.id, sid)))[0]!;
    const start = (await row()).lastSeenAt.getTime();
    const check = (minutes: number) => checkSession(t.db, { sid, uid: u.id, sv: 1 }, new Date(start + minutes * 60_000));
    expect(await check(4)).not.toBeNull();
    expect((await row()).lastSeenAt.getTime()).toBe(start);
    expect(await check(6)).not.toBeNull();
    const touched = await row();
    expect(touched.lastSeenAt.getTime()).toBe(start + 6 * 60_000);
    expect(touched.expiresAt.getTime()).toBe(start + 6 * 60_000 + SESSION_MAX_AGE_SECONDS * 1000);
  });

  it("an expired session is refused, as is a session presented with another user's id", async () => {
    const { u, a } = await userWithTwoSessions();
    const other = await makeUser(t.db);
    await t.db.update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.id, a.sid as string));
    expect(await accepted(a)).toBe(false);
    const b = await loginOrThrow({ email: u.email, password: u.password });
    expect(await accepted({ ...b, uid: other.id })).toBe(false);
    expect(await accepted({ ...b, sid: "not-a-uuid" })).toBe(false);
  });
});

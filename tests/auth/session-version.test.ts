// next-auth's jwt callback is where a ban, a password change or "log out everywhere" takes effect:
// every session read checks the token's session row and compares its session version with the
// user's row (tests/auth/revocable-sessions.test.ts covers sign-out and per-session revocation).
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "../../src/server/auth/options";
import { users } from "../../src/server/db/schema";
import { changePassword, logoutEverywhere, setUserStatus } from "../../src/server/services/accounts";
import { openSession } from "../../src/server/services/accounts/user-sessions";
import { useMemoryLimiter } from "../helpers/limiter";
import { cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // the callback reads the process-wide database
  useMemoryLimiter();
});
afterAll(() => t.close());

type JwtCallback = (p: { token: JWT; user?: unknown }) => Promise<JWT>;
const jwt = authOptions().callbacks!.jwt as unknown as JwtCallback;

/** What authorize() hands the jwt callback at sign-in: the user and its new session row. */
async function signIn(u: { id: string; email: string }) {
  const sid = await openSession(t.db, { userId: u.id, sessionVersion: 1, now: new Date() });
  return jwt({ token: { email: u.email }, user: { id: u.id, role: "USER", sv: 1, sid } });
}

describe("session version check", () => {
  it("a fresh session carries uid, role and version, and keeps working", async () => {
    const u = await makeUser(t.db);
    const token = await signIn(u);
    expect(token).toMatchObject({ uid: u.id, role: "USER", sv: 1 });
    expect(await jwt({ token })).toMatchObject({ uid: u.id, email: u.email });
  });

  it.each([
    ["a ban", (u: Awaited<ReturnType<typeof makeUser>>) => setUserStatus(cliCtx(t.db), u.id, { status: "BANNED", reason: "spam" })],
    ["a disable", (u: Awaited<ReturnType<typeof makeUser>>) => setUserStatus(cliCtx(t.db), u.id, { status: "DISABLED", reason: "on request" })],
    ["a password change", (u: Awaited<ReturnType<typeof makeUser>>) => changePassword(u.ctx, { currentPassword: u.password, newPassword: "another-pass-1" })],
    ["log out everywhere", (u: Awaited<ReturnType<typeof makeUser>>) => logoutEverywhere(u.ctx)],
  ])("%s ends an open session on its next read", async (_, act) => {
    const u = await makeUser(t.db);
    const token = await signIn(u);
    await jwt({ token });
    await act(u);
    await expect(jwt({ token })).rejects.toMatchObject({ name: "SessionRevokedError" });
  });

  it("a role change made by an admin is picked up by the open session", async () => {
    const u = await makeUser(t.db);
    const token = await signIn(u);
    await t.db.update(users).set({ role: "ADMIN" }).where(eq(users.id, u.id));
    expect((await jwt({ token })).role).toBe("ADMIN");
  });

  it("a token for a deleted user or without a uid is refused", async () => {
    await expect(jwt({ token: { uid: "00000000-0000-0000-0000-000000000000", sv: 1 } })).rejects.toMatchObject({ name: "SessionRevokedError" });
    await expect(jwt({ token: { sv: 1 } })).rejects.toMatchObject({ name: "SessionRevokedError" });
  });

  it("a token without a session id (issued before sessions were revocable) is refused", async () => {
    const u = await makeUser(t.db);
    await expect(jwt({ token: { uid: u.id, email: u.email, sv: 1 } })).rejects.toMatchObject({ name: "SessionRevokedError" });
  });
});

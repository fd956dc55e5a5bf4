// Per-IP limits never fail open: a verb that is limited per IP refuses to run when the transport did
// not resolve a client IP (issue 6 item 4), instead of skipping the limit as `if (ctx.ip)` did.
import { beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { count } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import { authenticate, confirmEmailLink, register, requestPasswordReset, resendVerification, resetPassword } from "../../src/server/services/accounts";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

const t = testDbForFile();
beforeEach(() => {
  useMemoryLimiter();
});

describe("verbs limited per IP", () => {
  it("throw an internal error without a client IP and write nothing", async () => {
    const u = await makeUser(t.db);
    const noIp = makeCtx(t.db, { kind: "anonymous" });
    const token = "t".repeat(43);
    const calls: [string, () => Promise<unknown>][] = [
      ["authenticate", () => authenticate(noIp, { email: u.email, password: u.password })],
      ["register", () => register(noIp, { email: "no-ip@example.com", password: "password-123" })],
      ["resetPassword", () => resetPassword(noIp, { token, password: "password-123" })],
      ["confirmEmailLink", () => confirmEmailLink(noIp, { token })],
      ["requestPasswordReset", () => requestPasswordReset(noIp, { email: u.email })],
      ["resendVerification", () => resendVerification(noIp, { email: u.email })],
    ];
    const usersBefore = (await t.db.select({ n: count() }).from(users))[0]!.n;
    for (const [name, call] of calls) {
      const err = await call().then(() => undefined, (e) => e);
      expect(err, name).toBeInstanceOf(Error);
      expect(err.message, name).toBe("client IP missing");
    }
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
  });
});

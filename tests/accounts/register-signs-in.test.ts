// Issue 24 item 1: registration keeps the buyer's intent. Without email verification the account is
// ACTIVE at once and the route signs it in with the cookie a password sign-in writes (a revocable
// session row behind it); with verification the link carries `next` (same-site paths only) and proves
// the mailbox, so the account can be signed in there.
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueSessionCookie } from "../../src/server/auth/session-cookie";
import { env } from "../../src/server/env";
import { confirmEmailLink, register } from "../../src/server/services/accounts";
import { checkSession, revokeSession } from "../../src/server/services/accounts/user-sessions";
import { updateSettings } from "../../src/server/services/settings";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
beforeAll(async () => {
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

const verifyLinkOf = async (email: string, step: () => Promise<unknown>) => {
  const since = smtp.messages.length;
  await step();
  const mail = await deliverAndReceive(t.db, smtp, email, since);
  return new URL(/https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(mail.text ?? "")![0]);
};

describe("registration without email verification", () => {
  beforeAll(async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
  });

  it("returns what a session needs, and the cookie it makes is a live, revocable next-auth session", async () => {
    const r = await register(anonCtx(t.db), { email: "signs-in@example.com", password: "password-123" });
    expect(r.verificationRequired).toBe(false);
    expect(r.signIn).toMatchObject({ id: r.user!.id, email: "signs-in@example.com", role: "USER" });
    const now = new Date();
    const cookie = await issueSessionCookie(t.db, r.signIn!, { ip: "203.0.113.9", userAgent: "test", now });
    // Plain http in tests: next-auth's own name and flags for that case.
    expect(cookie.name).toBe("next-auth.session-token");
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    const token = await decode({ token: cookie.value, secret: env().AUTH_SECRET });
    expect(token).toMatchObject({ uid: r.user!.id, sub: r.user!.id, role: "USER", email: "signs-in@example.com" });
    const ref = { sid: String(token!.sid), uid: String(token!.uid), sv: token!.sv };
    expect(await checkSession(t.db, ref, now)).toMatchObject({ role: "USER", email: "signs-in@example.com" });
    // Sign-out ends it like any other session.
    await revokeSession(t.db, ref.sid);
    expect(await checkSession(t.db, ref, now)).toBeNull();
  });

  it("a cookie signed with another secret does not decode (the session cannot be forged)", async () => {
    const r = await register(anonCtx(t.db), { email: "forged@example.com", password: "password-123" });
    const cookie = await issueSessionCookie(t.db, r.signIn!, { now: new Date() });
    await expect(decode({ token: cookie.value, secret: "another-secret-another-secret-0123456789" })).rejects.toThrow();
  });
});

describe("registration with email verification", () => {
  beforeAll(async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
  });

  it("signs nobody in before the link; the link carries next and proves the mailbox", async () => {
    const email = "with-next@example.com";
    const link = await verifyLinkOf(email, async () => {
      const r = await register(anonCtx(t.db), { email, password: "password-123", next: "/store?buy=00000000-0000-4000-8000-000000000001" });
      expect(r).toMatchObject({ verificationRequired: true });
      expect(r.signIn).toBeUndefined();
    });
    expect(link.searchParams.get("next")).toBe("/store?buy=00000000-0000-4000-8000-000000000001");
    const done = await confirmEmailLink(anonCtx(t.db), { token: link.searchParams.get("token")! });
    expect(done).toMatchObject({ outcome: "verified", email, account: { email, role: "USER" } });
  });

  it("drops a next that is not a same-site path, without refusing the registration", async () => {
    for (const [i, next] of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)"].entries()) {
      const email = `bad-next-${i}@example.com`;
      const link = await verifyLinkOf(email, () => register(anonCtx(t.db), { email, password: "password-123", next }));
      expect(link.searchParams.has("next")).toBe(false);
    }
  });
});

// What a passkey sign-in or registration refuses: a replayed or expired challenge, a challenge that
// was someone else's or for the other ceremony, a counter that did not grow (a clone or a replay),
// a removed passkey, an account that may not sign in, a phishing page's origin; and the limits.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCtx } from "../../src/server/context";
import { notifications, passkeys, users, webauthnChallenges } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { finishPasskeyRegistration, startPasskeyRegistration, startPasskeySignIn, verifyPasskeySignIn } from "../../src/server/services/passkeys";
import { CHALLENGE_TTL_MS } from "../../src/server/services/passkeys/challenges";
import { SIGN_IN_STARTS_PER_IP } from "../../src/server/services/passkeys/sign-in";
import { anonCtx, cliCtx, freshIp, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { FLAG, SoftAuthenticator } from "../helpers/webauthn";
import { answer, enrol, passkeyLogin, signInWith } from "./flow";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true });
});
afterAll(() => t.close());
beforeEach(() => {
  useMemoryLimiter();
});

async function enrolled() {
  const u = await makeUser(t.db);
  const auth = new SoftAuthenticator();
  const { passkey } = await enrol(u.ctx, auth);
  return { ...u, auth, passkey };
}

describe("challenges", () => {
  it("an answer works once: the same answer again finds no challenge", async () => {
    const u = await enrolled();
    const a = await answer(t.db, u.auth);
    expect((await passkeyLogin(a)).ok).toBe(true);
    expect(await passkeyLogin(a)).toMatchObject({ ok: false, code: "UNAUTHENTICATED", reason: "passkey_challenge_invalid" });
  });

  it("an answer after five minutes is refused, and expired challenges are cleared by the next one", async () => {
    const u = await enrolled();
    const ip = freshIp();
    const a = await answer(t.db, u.auth, {}, ip);
    const late = makeCtx(t.db, { kind: "anonymous" }, { ip, now: () => new Date(Date.now() + CHALLENGE_TTL_MS + 1000) });
    await expect(verifyPasskeySignIn(late, { challengeId: a.challengeId, response: a.response })).rejects.toMatchObject({ reason: "passkey_challenge_invalid" });
    await startPasskeySignIn(late);
    expect(await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.id, a.challengeId))).toEqual([]);
  });

  it("a registration challenge belongs to the user who asked for it, and is no sign-in challenge", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    const { challengeId, options } = await startPasskeyRegistration(u.ctx);
    const response = auth.register(options);
    await expect(finishPasskeyRegistration(other.ctx, { challengeId, name: "Stolen", response })).rejects.toMatchObject({ code: "VALIDATION", reason: "passkey_challenge_invalid" });
    // Sent as a sign-in, the registration challenge is not found either (and stays the owner's).
    await expect(verifyPasskeySignIn(anonCtx(t.db), { challengeId, response: auth.authenticate({ challenge: options.challenge, rpId: "relayboard.test" }) })).rejects.toMatchObject({
      reason: "passkey_challenge_invalid",
    });
    expect((await finishPasskeyRegistration(u.ctx, { challengeId, name: "Mine", response })).passkey.name).toBe("Mine");
    // And a sign-in challenge cannot finish a registration.
    const signIn = await startPasskeySignIn(anonCtx(t.db));
    await expect(finishPasskeyRegistration(other.ctx, { challengeId: signIn.challengeId, name: "x", response: new SoftAuthenticator().register(options) })).rejects.toMatchObject({ reason: "passkey_challenge_invalid" });
  });
});

describe("the answer", () => {
  it("a counter that does not grow is refused (a cloned authenticator or a replayed signature)", async () => {
    const u = await enrolled();
    expect((await signInWith(t.db, u.auth, { counter: 5 })).ok).toBe(true);
    expect(await signInWith(t.db, u.auth, { counter: 5 })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    expect(await signInWith(t.db, u.auth, { counter: 3 })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    expect((await t.db.select().from(passkeys).where(eq(passkeys.id, u.passkey.id)))[0]!.counter).toBe(5);
    expect((await signInWith(t.db, u.auth, { counter: 6 })).ok).toBe(true);
  });

  it("a phishing page's origin, another relying party, a missing user verification or a forged signature are refused", async () => {
    const u = await enrolled();
    expect(await signInWith(t.db, u.auth, { origin: "https://relayboard-login.example" })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    expect(await signInWith(t.db, u.auth, { rpId: "relayboard-login.example" })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    expect(await signInWith(t.db, u.auth, { flags: FLAG.UP })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    const a = await answer(t.db, u.auth);
    const forged = { ...a.response, response: { ...a.response.response, signature: Buffer.from("not a signature").toString("base64url") } };
    expect(await passkeyLogin({ challengeId: a.challengeId, response: forged })).toMatchObject({ ok: false, reason: "passkey_invalid" });
    // A credential presented under another account's user handle.
    const other = await makeUser(t.db);
    const b = await answer(t.db, u.auth);
    expect(await passkeyLogin({ challengeId: b.challengeId, response: { ...b.response, response: { ...b.response.response, userHandle: Buffer.from(other.id).toString("base64url") } } })).toMatchObject({
      ok: false,
      reason: "passkey_invalid",
    });
  });

  it("a passkey the site does not know (never registered, or removed) is refused at once", async () => {
    expect(await signInWith(t.db, new SoftAuthenticatorWithOne())).toMatchObject({ ok: false, reason: "passkey_unknown" });
    const u = await enrolled();
    await t.db.delete(passkeys).where(eq(passkeys.id, u.passkey.id));
    expect(await signInWith(t.db, u.auth)).toMatchObject({ ok: false, code: "UNAUTHENTICATED", reason: "passkey_unknown" });
  });

  it("a malformed answer is a VALIDATION refusal, not an error", async () => {
    const { challengeId } = await startPasskeySignIn(anonCtx(t.db));
    expect(await passkeyLogin({ challengeId, response: { id: "%%%", type: "public-key" } })).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(await passkeyLogin({ challengeId: "not-a-uuid", response: "{" })).toMatchObject({ ok: false, code: "VALIDATION" });
  });
});

/** An authenticator holding a credential this site never registered. */
class SoftAuthenticatorWithOne extends SoftAuthenticator {
  constructor() {
    super();
    this.register({ challenge: "x", rp: { id: "relayboard.test", name: "x" }, user: { id: "dW5rbm93bg", name: "x", displayName: "x" }, pubKeyCredParams: [] } as Parameters<SoftAuthenticator["register"]>[0]);
  }
}

describe("accounts that may not sign in", () => {
  it("banned and disabled accounts are refused with a passkey too, and their owner is told why", async () => {
    for (const status of ["BANNED", "DISABLED"] as const) {
      const u = await enrolled();
      await t.db.update(users).set({ status }).where(eq(users.id, u.id));
      expect(await signInWith(t.db, u.auth)).toMatchObject({ ok: false, code: "UNAUTHENTICATED", reason: "passkey_refused" });
      await vi.waitFor(async () => expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(2)); // added, refused
    }
  });

  it("an account whose email is not verified yet is told so, as after a right password", async () => {
    const u = await enrolled();
    await t.db.update(users).set({ status: "PENDING_EMAIL" }).where(eq(users.id, u.id));
    expect(await signInWith(t.db, u.auth)).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "email_not_verified" });
  });
});

describe("limits", () => {
  it("failed passkey answers count as failed logins from that address", async () => {
    await updateSettings(cliCtx(t.db), { loginFailuresPerIp: 3 });
    try {
      const u = await enrolled();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect(await signInWith(t.db, u.auth, { origin: "https://evil.example" }, ip)).toMatchObject({ ok: false, reason: "passkey_invalid" });
      expect(await signInWith(t.db, u.auth, {}, ip)).toMatchObject({ ok: false, code: "RATE_LIMITED" });
      // Another address is not held to it, and a success gives its count back.
      const other = freshIp();
      for (let i = 0; i < 5; i++) expect((await signInWith(t.db, u.auth, {}, other)).ok).toBe(true);
    } finally {
      await updateSettings(cliCtx(t.db), { loginFailuresPerIp: 10 });
    }
  });

  it(`sign-in challenges are limited per address (${SIGN_IN_STARTS_PER_IP.limit} per window), and never made without one`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_STARTS_PER_IP.limit; i++) await startPasskeySignIn(anonCtx(t.db, ip));
    await expect(startPasskeySignIn(anonCtx(t.db, ip))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(startPasskeySignIn(anonCtx(t.db, freshIp()))).resolves.toHaveProperty("challengeId");
    await expect(startPasskeySignIn(makeCtx(t.db, { kind: "anonymous" }))).rejects.toThrow(/client IP missing/);
  });

  it("a site configured by IP address has no passkeys (WebAuthn refuses IP addresses)", async () => {
    await updateSettings(cliCtx(t.db), { siteUrl: "http://192.0.2.10:3000" });
    try {
      await expect(startPasskeySignIn(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAVAILABLE", reason: "passkey_unavailable" });
      await expect(startPasskeyRegistration((await makeUser(t.db)).ctx)).rejects.toMatchObject({ reason: "passkey_unavailable" });
    } finally {
      await updateSettings(cliCtx(t.db), { siteUrl: "" });
    }
  });
});

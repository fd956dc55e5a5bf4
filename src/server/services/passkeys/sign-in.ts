// Signing in with a passkey instead of a password and a code. The browser is given a challenge
// without a list of credentials (discoverable passkeys: the authenticator offers the ones it holds
// for this site), and its answer names the credential, hence the account. The answer is checked
// like a password login (per-IP and per-account attempt limits counted first, the same refusals
// of accounts that may not sign in), then the signature with user verification required, then the
// signature counter, advanced by a conditional update so a replayed or cloned answer loses.
import { generateAuthenticationOptions, verifyAuthenticationResponse, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { passkeys, users } from "../../db/schema";
import { describeError } from "../../describe-error";
import { env } from "../../env";
import { DomainError, rateLimited, unavailable } from "../../errors";
import { log } from "../../logger";
import { getLimiter } from "../../rate-limit/limiter";
import { beginLoginAttempt, beginLoginIpAttempt, loginLimits } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import type { AuthenticatedUser } from "../accounts/authenticate";
import { noticeRefusedLogin } from "../accounts/login-refused-notice";
import { getSettingsWithSecrets } from "../settings/queries";
import { saveChallenge, takeChallenge } from "./challenges";
import { AuthenticationResponse } from "./inputs";
import { relyingParty, relyingPartyOf } from "./relying-party";

/**
 * Sign-in challenges asked for from one client IP. Each is a row for five minutes and nobody is
 * signed in yet, so this bounds what an anonymous client can make us store; a person needs a few.
 */
export const SIGN_IN_STARTS_PER_IP = { limit: 30, windowSeconds: 10 * 60 } as const;

/** Options for navigator.credentials.get, and the challenge's id to send back with the answer. */
export async function startPasskeySignIn(ctx: Ctx): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  // Fails closed: without the client's address (a transport bug) or a limiter answer, no challenge.
  if (!ctx.ip) throw new Error("client IP missing");
  const l = SIGN_IN_STARTS_PER_IP;
  const hit = await getLimiter().hit(`passkey-start:ip:${ctx.ip}`, l.limit, l.windowSeconds);
  if (!hit.ok) throw rateLimited(hit.retryAfterSeconds);
  const rp = await relyingParty(ctx.db);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required", timeout: 120_000 });
  const challengeId = await saveChallenge(ctx.db, { purpose: "authenticate", userId: null, challenge: options.challenge, now: ctx.now() });
  return { challengeId, options };
}

const SignInInput = z.object({ challengeId: z.string().max(64), response: AuthenticationResponse });

const refused = (reason: "passkey_unknown" | "passkey_invalid" | "passkey_refused") => new DomainError("UNAUTHENTICATED", reason);

/** Checks the browser's answer; returns the account to open a session for (method "passkey"). */
export async function verifyPasskeySignIn(ctx: Ctx, raw: unknown): Promise<AuthenticatedUser> {
  const input = parseInput(SignInInput, raw);
  const settings = await getSettingsWithSecrets(ctx.db);
  const rp = relyingPartyOf(settings.siteUrl || env().appUrl, settings.siteName);
  if (!rp) throw unavailable("passkey_unavailable");
  const limits = loginLimits(settings);
  // Counted as a failed login until it succeeds: a client sending bad answers uses up the IP's budget.
  const ipAttempt = await beginLoginIpAttempt(ctx.ip, limits);
  const expectedChallenge = await takeChallenge(ctx.db, { id: input.challengeId, purpose: "authenticate", userId: null, now: ctx.now(), status: "UNAUTHENTICATED" });
  const [found] = await ctx.db
    .select({ pk: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.response.id))
    .limit(1);
  // Never registered here, or removed: the authenticator may still hold it, the site does not.
  if (!found) throw refused("passkey_unknown");
  const { pk, user: u } = found;
  const attempt = await beginLoginAttempt(u.email, ctx.ip, limits).catch(async (err: unknown) => {
    await ipAttempt.refund();
    throw err;
  });
  let newCounter: number;
  try {
    const r = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: pk.credentialId, publicKey: Buffer.from(pk.publicKey, "base64url"), counter: pk.counter },
      requireUserVerification: true,
    });
    if (!r.verified) throw new Error("signature does not verify");
    newCounter = r.authenticationInfo.newCounter;
  } catch (err) {
    // A wrong signature, origin or relying party, no user verification, or a counter that did not grow.
    log.warn("passkey sign-in refused", { requestId: ctx.requestId, passkeyId: pk.id, error: describeError(err) });
    throw refused("passkey_invalid");
  }
  // A discoverable credential names its account: it must be this one.
  const handle = input.response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== u.id) throw refused("passkey_invalid");
  if (u.status === "DISABLED" || u.status === "BANNED") {
    // As after a right password: the owner learns why by notice, never waited for.
    const { id, email, locale, status } = u;
    void noticeRefusedLogin(ctx.db, { id, email, locale, status }, ctx.now()).catch((err: unknown) => log.error("login refusal notice failed", { userId: id, requestId: ctx.requestId, error: describeError(err) }));
    throw refused("passkey_refused");
  }
  if (u.status === "PENDING_EMAIL") throw new DomainError("FORBIDDEN", "email_not_verified");
  if (u.status !== "ACTIVE") throw refused("passkey_refused");
  // Only one answer per counter value: of a replay racing the original, or a clone, one loses here.
  const now = ctx.now();
  const won = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, pk.id), eq(passkeys.counter, pk.counter)))
    .returning({ id: passkeys.id });
  if (!won.length) throw refused("passkey_invalid");
  await ipAttempt.refund();
  await attempt.succeeded();
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, u.id));
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion, locale: u.locale };
}

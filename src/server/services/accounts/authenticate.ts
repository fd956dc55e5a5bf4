import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { verifyPassword } from "../../auth/password";
import { pendingRegistrations, users } from "../../db/schema";
import { isWallet } from "../../env";
import { DomainError } from "../../errors";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { beginLoginAttempt, beginLoginIpAttempt, loginLimits } from "../../rate-limit/policies";
import { verifyTurnstile } from "../../integrations/captcha/turnstile";
import { getSettingsWithSecrets, turnstileActive, turnstileSecretOrUnavailable } from "../settings";
import { LoginInput, parseInput } from "./inputs";
import { noticeRefusedLogin } from "./login-refused-notice";
import { findUserByEmail } from "./queries";

export interface AuthenticatedUser { id: string; email: string; name: string; role: "ADMIN" | "USER"; sessionVersion: number; locale: string | null }

/**
 * A wrong password. When the next failure is the last one the limits allow (for this account from
 * this IP, or for this IP), it says so (`attemptsLeft: 1`): the login form warns before a lock-out.
 */
const wrongCredentials = (left: number) =>
  new DomainError("UNAUTHENTICATED", "bad_credentials", left === 1 ? { attemptsLeft: 1 } : {});

/**
 * The credentials check behind next-auth. Order matters: the per-IP attempt and the captcha first (a
 * captcha whose secret cannot be read answers 503, never "off"), then the attempt is counted
 * atomically against the account (per IP, and in total from unknown IPs) BEFORE the password is
 * verified, so concurrent guesses cannot all pass one check. An account that cannot sign in
 * (disabled, banned, any status but ACTIVE and PENDING_EMAIL) is answered exactly like a wrong
 * password, whatever password was sent, and counted as a failure: a different answer after the
 * right password would tell a guesser the guess was right. With the right password its owner is
 * told why by mail instead (login-refused-notice.ts). An unverified account (PENDING_EMAIL) keeps
 * its documented 403 `email_not_verified` after the right password, so its owner can ask for a new
 * link; the address is no secret there (registering it again answers 409).
 * The per-IP count is given back once a usable account's password is right: it limits failures
 * only, so people behind one shared address (carrier-grade NAT) do not use up each other's budget.
 * The limits are settings, read with the captcha settings in the one settings query of a login.
 */
export async function authenticate(ctx: Ctx, raw: unknown, opts: { secondFactor?: (userId: string) => Promise<void> } = {}): Promise<AuthenticatedUser> {
  const input = parseInput(LoginInput, raw);
  const settings = await getSettingsWithSecrets(ctx.db);
  const limits = loginLimits(settings);
  const ipAttempt = await beginLoginIpAttempt(ctx.ip, limits);
  if (turnstileActive(settings)) {
    const secret = turnstileSecretOrUnavailable(settings);
    const r = input.turnstileToken ? await verifyTurnstile(secret, input.turnstileToken, ctx.ip) : { success: false };
    if (!r.success) throw new DomainError("VALIDATION", "captcha_failed");
  }
  // Refused by the account's own limit: no password was tried, so the shared address keeps its count.
  const attempt = await beginLoginAttempt(input.email, ctx.ip, limits).catch(async (err: unknown) => {
    await ipAttempt.refund();
    throw err;
  });
  const refused = () => wrongCredentials(Math.min(ipAttempt.left, attempt.left));
  const u = await findUserByEmail(ctx.db, input.email);
  // [wallet] No user exists until the link is used, only a pending registration: its password is
  // checked like an account's (one verification either way, so the time taken tells nothing), and
  // only the right password learns that the address awaits verification.
  const pending = !u && isWallet() ? await pendingPasswordHash(ctx, input.email) : undefined;
  const passwordRight = await verifyPassword(u?.passwordHash ?? pending, input.password, { userId: u?.id });
  if (passwordRight && !u && pending) {
    await ipAttempt.refund();
    throw new DomainError("FORBIDDEN", "email_not_verified");
  }
  if (!passwordRight || !u) throw refused();
  if (u.status === "DISABLED" || u.status === "BANNED") {
    // Not awaited: the answer must neither wait for nor be timed by work only a right password
    // starts. A failed notice is logged; it never changes the answer.
    const { id, email, locale, status } = u;
    void noticeRefusedLogin(ctx.db, { id, email, locale, status }, ctx.now()).catch((err: unknown) =>
      log.error("login refusal notice failed", { userId: id, requestId: ctx.requestId, error: describeError(err) }),
    );
    throw refused();
  }
  if (u.status !== "ACTIVE" && u.status !== "PENDING_EMAIL") throw refused();
  // The password was right: not a failure as far as the shared address is concerned (the account's
  // own counter below still waits for a complete sign-in).
  await ipAttempt.refund();
  if (u.status === "PENDING_EMAIL") throw new DomainError("FORBIDDEN", "email_not_verified");
  // Only a complete sign-in (password and, when enrolled, the second factor) clears the attempt
  // count and makes this IP a known one: a stolen password alone earns neither.
  await opts.secondFactor?.(u.id);
  await attempt.succeeded();
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, u.id));
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion, locale: u.locale };
}

async function pendingPasswordHash(ctx: Ctx, email: string): Promise<string | undefined> {
  const [p] = await ctx.db.select({ hash: pendingRegistrations.passwordHash }).from(pendingRegistrations).where(eq(pendingRegistrations.email, email)).limit(1);
  return p?.hash;
}

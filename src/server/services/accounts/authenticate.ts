import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { verifyPassword } from "../../auth/password";
import { pendingRegistrations, users } from "../../db/schema";
import { isWallet } from "../../env";
import { DomainError, forbidden } from "../../errors";
import { beginLoginAttempt, limitLoginIp } from "../../rate-limit/policies";
import { verifyTurnstile } from "../../integrations/captcha/turnstile";
import { getSettingsWithSecrets, turnstileActive, turnstileSecretOrUnavailable } from "../settings";
import { LoginInput, parseInput } from "./inputs";
import { findUserByEmail } from "./queries";

export interface AuthenticatedUser { id: string; email: string; name: string; role: "ADMIN" | "USER"; sessionVersion: number }

const wrongCredentials = () => new DomainError("UNAUTHENTICATED", "Wrong email or password", { reason: "bad_credentials" });

/**
 * The credentials check behind next-auth. Order matters: the per-IP limit and the captcha first (a
 * captcha whose secret cannot be read answers 503, never "off"), then the attempt is counted
 * atomically against the account (per IP, and in total from unknown IPs) BEFORE the password is
 * verified, so concurrent guesses cannot all pass one check; only after a correct password the
 * account status, so the status of an account is not revealed to someone without its password.
 */
export async function authenticate(ctx: Ctx, raw: unknown, opts: { secondFactor?: (userId: string) => Promise<void> } = {}): Promise<AuthenticatedUser> {
  const input = parseInput(LoginInput, raw);
  await limitLoginIp(ctx.ip);
  const settings = await getSettingsWithSecrets(ctx.db);
  if (turnstileActive(settings)) {
    const secret = turnstileSecretOrUnavailable(settings);
    const r = input.turnstileToken ? await verifyTurnstile(secret, input.turnstileToken, ctx.ip) : { success: false };
    if (!r.success) throw new DomainError("VALIDATION", "Captcha verification failed, please try again", { reason: "captcha" });
  }
  const attempt = await beginLoginAttempt(input.email, ctx.ip);
  const u = await findUserByEmail(ctx.db, input.email);
  if (!(await verifyPassword(u?.passwordHash, input.password, { userId: u?.id })) || !u) {
    if (!u && isWallet()) {
      const [p] = await ctx.db.select({ id: pendingRegistrations.id }).from(pendingRegistrations).where(eq(pendingRegistrations.email, input.email)).limit(1);
      if (p) throw new DomainError("FORBIDDEN", "Please verify your email first: check your inbox", { reason: "email_not_verified" });
    }
    throw wrongCredentials();
  }
  if (u.status === "PENDING_EMAIL") throw new DomainError("FORBIDDEN", "Please verify your email first: check your inbox", { reason: "email_not_verified" });
  if (u.status === "DISABLED") throw new DomainError("FORBIDDEN", "This account is disabled; contact support", { reason: "disabled" });
  if (u.status === "BANNED") throw new DomainError("FORBIDDEN", "This account is banned", { reason: "banned" });
  if (u.status !== "ACTIVE") throw forbidden("This account cannot log in");
  // Only a complete sign-in (password and, when enrolled, the second factor) clears the attempt
  // count and makes this IP a known one: a stolen password alone earns neither.
  await opts.secondFactor?.(u.id);
  await attempt.succeeded();
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, u.id));
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion };
}

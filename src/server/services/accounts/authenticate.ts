import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { verifyPassword } from "../../auth/password";
import { pendingRegistrations, users } from "../../db/schema";
import { isWallet } from "../../env";
import { DomainError, forbidden } from "../../errors";
import { assertLoginNotCoolingDown, clearLoginFailures, limitLoginIp, recordLoginFailure } from "../../rate-limit/policies";
import { verifyTurnstile } from "../../integrations/captcha/turnstile";
import { getSettingsWithSecrets, turnstileActive } from "../settings";
import { LoginInput, parseInput } from "./inputs";
import { findUserByEmail } from "./queries";

export interface AuthenticatedUser { id: string; email: string; name: string; role: "ADMIN" | "USER"; sessionVersion: number }

const wrongCredentials = () => new DomainError("UNAUTHENTICATED", "Wrong email or password", { reason: "bad_credentials" });

/**
 * The credentials check behind next-auth. Order matters: rate limits first (so guessing is slow),
 * then the password, and only after a correct password the account status, so the status of an
 * account is not revealed to someone who does not know its password.
 */
export async function authenticate(ctx: Ctx, raw: unknown): Promise<AuthenticatedUser> {
  const input = parseInput(LoginInput, raw);
  if (ctx.ip) await limitLoginIp(ctx.ip);
  await assertLoginNotCoolingDown(input.email);
  const settings = await getSettingsWithSecrets(ctx.db);
  if (turnstileActive(settings)) {
    const r = input.turnstileToken ? await verifyTurnstile(settings.turnstileSecretKey, input.turnstileToken, ctx.ip) : { success: false };
    if (!r.success) throw new DomainError("VALIDATION", "Captcha verification failed, please try again", { reason: "captcha" });
  }
  const u = await findUserByEmail(ctx.db, input.email);
  if (!(await verifyPassword(u?.passwordHash, input.password)) || !u) {
    await recordLoginFailure(input.email);
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
  await clearLoginFailures(input.email);
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, u.id));
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion };
}

import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { hashPassword } from "../../auth/password";
import { isUniqueViolation } from "../../db/pg-errors";
import { pendingRegistrations, users } from "../../db/schema";
import { isWallet } from "../../env";
import { DomainError, validationError } from "../../errors";
import { verifyTurnstile } from "../../integrations/captcha/turnstile";
import { queueMail } from "../../integrations/mail/send-mail-task";
import { limitRegister } from "../../rate-limit/policies";
import { recordAudit } from "../audit";
import { assertSmtpSecretReadable, getSettingsWithSecrets, smtpConfigured, turnstileActive, turnstileSecretOrUnavailable } from "../settings";
import { kickTasks } from "../tasks";
import { bodyOf, type LazyBody } from "../../http/read-json";
import { parseInput, RegisterInput } from "./inputs";
import { emailTaken } from "./email-taken";
import { siteLink } from "./links";
import type { SignedInUser } from "../../auth/session-cookie";
import { issueEmailToken } from "./tokens";
import { publishEvent } from "../events/publish";

export interface RegisterResult {
  verificationRequired: boolean;
  user?: { id: string; email: string; name: string; status: string };
  /** An account that is ACTIVE at once: what a session for it needs (the route signs it in). Not sent. */
  signIn?: SignedInUser;
}

/**
 * POST /api/auth/register. Checks run cheapest-first and nothing is written until every check
 * passed. Base edition with verification: a PENDING_EMAIL user; wallet edition: a
 * PendingRegistration only (behaviour §2).
 */
export async function register(ctx: Ctx, raw: LazyBody): Promise<RegisterResult> {
  await limitRegister(ctx.ip);
  // The body is read only now, after the limit: a flood of large bodies costs a counter hit each.
  const input = parseInput(RegisterInput, await bodyOf(raw));
  const settings = await getSettingsWithSecrets(ctx.db);
  if (!settings.registrationOpen) throw new DomainError("FORBIDDEN", "registration_closed");
  let invitedById: string | null = null;
  if (input.inviteCode) {
    const [inviter] = await ctx.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.inviteCode, input.inviteCode)).limit(1);
    if (!inviter || inviter.status === "BANNED") throw validationError("invite_invalid", { fields: { inviteCode: "invalid" } });
    invitedById = inviter.id;
  } else if (settings.inviteCodeRequired) {
    throw validationError("invite_required", { fields: { inviteCode: "required" } });
  }
  // The captcha token is single use: spend it only once the cheaper checks passed.
  if (turnstileActive(settings)) {
    const secret = turnstileSecretOrUnavailable(settings); // 503 when set but unreadable: never "off"
    if (!input.turnstileToken) throw validationError("captcha_required", { fields: { turnstileToken: "required" } });
    const r = await verifyTurnstile(secret, input.turnstileToken, ctx.ip);
    if (!r.success) throw validationError("captcha_failed", { fields: { turnstileToken: "invalid" }, errorCodes: r.errorCodes });
  }
  const verify = settings.emailVerificationRequired && smtpConfigured(settings);
  if (verify) assertSmtpSecretReadable(settings); // the verification mail could not be sent
  const name = input.name || input.email.split("@")[0]!.slice(0, 50);
  const verifyPath = (token: string) => `/verify-email?token=${token}${input.next ? `&next=${encodeURIComponent(input.next)}` : ""}`;
  const locale = input.locale ?? ctx.locale;
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing.length) throw emailTaken("email");
  const passwordHash = await hashPassword(input.password);

  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (verify && isWallet()) {
        // Registering again before verifying replaces the pending record.
        await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, input.email));
        const [p] = await tx.insert(pendingRegistrations).values({ email: input.email, passwordHash, name, invitedById, locale }).returning();
        const { token, minutes } = await issueEmailToken(tx, { purpose: "REGISTER", email: input.email, payload: { pendingId: p!.id }, now: ctx.now() });
        await queueMail(tx, { to: input.email, template: "verify-email", locale, minutes, link: siteLink(settings.siteUrl, verifyPath(token)) });
        return { verificationRequired: true } satisfies RegisterResult;
      }
      const [u] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, name, invitedById, locale, status: verify ? "PENDING_EMAIL" : "ACTIVE" })
        .returning();
      await recordAudit({ ...ctx, actor: { kind: "user", userId: u!.id, email: u!.email } }, { action: "user.register", targetType: "user", targetId: u!.id, metadata: { invitedById, verify } }, tx);
      await publishEvent(tx, "user.registered", { userId: u!.id, email: u!.email, locale: u!.locale, status: u!.status, invited: Boolean(invitedById) });
      if (verify) {
        const { token, minutes } = await issueEmailToken(tx, { purpose: "VERIFY_EMAIL", email: u!.email, userId: u!.id, now: ctx.now() });
        await queueMail(tx, { to: u!.email, template: "verify-email", locale, minutes, link: siteLink(settings.siteUrl, verifyPath(token)) });
      }
      const signIn = verify ? undefined : { id: u!.id, email: u!.email, name: u!.name, role: u!.role, sessionVersion: u!.sessionVersion };
      return { verificationRequired: verify, user: { id: u!.id, email: u!.email, name: u!.name, status: u!.status }, signIn };
    });
    if (result.verificationRequired) kickTasks();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken("email");
    throw err;
  }
}

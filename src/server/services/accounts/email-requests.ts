// The "send me a mail" verbs: resend verification, forgot password, change email. Each is rate
// limited per address and per IP (signed-out verbs) or per account (email change) and, where an
// unknown address would reveal who is registered, answers the same.
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import { pendingRegistrations } from "../../db/schema";
import { isWallet } from "../../env";
import { conflict, unavailable } from "../../errors";
import { queueMail } from "../../integrations/mail/send-mail-task";
import { limitEmailAction, limitEmailChange, limitEmailRequestIp } from "../../rate-limit/policies";
import { assertSmtpSecretReadable, getSettingsWithSecrets, smtpConfigured } from "../settings";
import { kickTasks } from "../tasks";
import { assertCurrentPassword } from "./current-password";
import { emailTaken } from "./email-taken";
import { EmailChangeInput, EmailInput, parseInput } from "./inputs";
import { siteLink } from "./links";
import { findUserByEmail, getUserOrThrow } from "./queries";
import { issueEmailToken } from "./tokens";
import { z } from "zod";

async function mailSettings(ctx: Ctx) {
  const s = await getSettingsWithSecrets(ctx.db);
  if (!smtpConfigured(s)) throw unavailable("mail_not_configured");
  assertSmtpSecretReadable(s);
  return s;
}

export async function resendVerification(ctx: Ctx, raw: unknown): Promise<{ sent: true }> {
  const { email } = parseInput(z.object({ email: EmailInput }), raw);
  await limitEmailRequestIp(ctx.ip);
  await limitEmailAction(email);
  const s = await mailSettings(ctx);
  await ctx.db.transaction(async (tx) => {
    const u = await findUserByEmail(tx, email);
    if (u && u.status === "PENDING_EMAIL") {
      const { token, minutes } = await issueEmailToken(tx, { purpose: "VERIFY_EMAIL", email, userId: u.id, now: ctx.now() });
      await queueMail(tx, { to: email, template: "verify-email", locale: (u.locale as "en") ?? ctx.locale, minutes, link: siteLink(s.siteUrl, `/verify-email?token=${token}`) });
    } else if (!u && isWallet()) {
      const [p] = await tx.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)).limit(1);
      if (p) {
        const { token, minutes } = await issueEmailToken(tx, { purpose: "REGISTER", email, payload: { pendingId: p.id }, now: ctx.now() });
        await queueMail(tx, { to: email, template: "verify-email", locale: (p.locale as "en") ?? ctx.locale, minutes, link: siteLink(s.siteUrl, `/verify-email?token=${token}`) });
      }
    }
  });
  kickTasks();
  return { sent: true };
}

export async function requestPasswordReset(ctx: Ctx, raw: unknown): Promise<{ sent: true }> {
  const { email } = parseInput(z.object({ email: EmailInput }), raw);
  await limitEmailRequestIp(ctx.ip);
  await limitEmailAction(email);
  const s = await mailSettings(ctx);
  await ctx.db.transaction(async (tx) => {
    const u = await findUserByEmail(tx, email);
    if (!u || u.status === "BANNED" || u.status === "DISABLED") return;
    const { token, minutes } = await issueEmailToken(tx, { purpose: "RESET_PASSWORD", email, userId: u.id, now: ctx.now() });
    await queueMail(tx, { to: email, template: "reset-password", locale: (u.locale as "en") ?? ctx.locale, minutes, link: siteLink(s.siteUrl, `/reset-password?token=${token}`) });
  });
  kickTasks();
  return { sent: true };
}

export async function requestEmailChange(ctx: Ctx, raw: unknown): Promise<{ sent: true }> {
  const { userId } = requireUser(ctx);
  const input = parseInput(EmailChangeInput, raw);
  // Per account first: the per-address limit alone allowed unlimited tries with a new address each.
  await limitEmailChange(userId);
  await limitEmailAction(input.newEmail);
  const s = await mailSettings(ctx);
  const u = await getUserOrThrow(ctx.db, userId);
  await assertCurrentPassword(userId, u.passwordHash, input.currentPassword);
  if (input.newEmail === u.email) throw conflict("same_email");
  if (await findUserByEmail(ctx.db, input.newEmail)) throw emailTaken("newEmail");
  await ctx.db.transaction(async (tx) => {
    const { token, minutes } = await issueEmailToken(tx, { purpose: "CHANGE_EMAIL", email: u.email, userId: u.id, payload: { newEmail: input.newEmail }, now: ctx.now() });
    await queueMail(tx, { to: input.newEmail, template: "change-email", locale: (u.locale as "en") ?? ctx.locale, minutes, link: siteLink(s.siteUrl, `/verify-email?token=${token}`) });
  });
  kickTasks();
  return { sent: true };
}


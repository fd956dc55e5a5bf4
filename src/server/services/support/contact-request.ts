// The public contact form (issue 24 item 10): someone who cannot sign in writes to support. The
// message waits in a single-use email link (only its keyed hash is stored, with the message in the
// payload) and is sent on once the link proves the address is theirs:
// - the address belongs to an account: a ticket is opened for that account with the message, so
//   staff answer it where they answer every ticket (the owner's bell, and by mail when chosen);
// - no account uses it: nothing is stored, and the page gives the configured support contact. A
//   ticket needs an account to live in and to be answered through; a guest channel would mean a
//   second inbox for staff, which this form does not need to be.
// Submitting answers the same whatever the address (and mails it either way), so the form never
// tells who has an account; only the owner of the mailbox learns it, from the confirmation page.
import { z } from "zod";
import type { Ctx } from "../../context";
import { validationError, unavailable } from "../../errors";
import { verifyTurnstile } from "../../integrations/captcha/turnstile";
import { queueMail } from "../../integrations/mail/send-mail-task";
import { isMailLocale } from "../../integrations/mail/catalogue";
import { limitSupportContact, limitTokenAttemptIp } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import { EmailInput } from "../accounts/inputs";
import { siteLink } from "../accounts/links";
import { findUserByEmail } from "../accounts/queries";
import { consumeEmailToken, issueEmailToken } from "../accounts/tokens";
import { assertSmtpSecretReadable, getSettingsWithSecrets, smtpConfigured, turnstileActive, turnstileSecretOrUnavailable } from "../settings";
import { kickTasks } from "../tasks";
import { CONTACT_BODY_MAX, CONTACT_SUBJECT_MAX } from "./contact-limits";
import { openTicketTx } from "./tickets";

export const ContactInput = z.object({
  email: EmailInput,
  subject: z.string().trim().min(1).max(CONTACT_SUBJECT_MAX),
  body: z.string().trim().min(1).max(CONTACT_BODY_MAX),
  turnstileToken: z.string().max(4096).optional(),
});

const ConfirmInput = z.object({ token: z.string().trim().min(1).max(200) });

/** Queues the confirmation mail. Same answer for every address: the check happens when the link is opened. */
export async function requestSupportContact(ctx: Ctx, raw: unknown): Promise<{ sent: true }> {
  const input = parseInput(ContactInput, raw);
  // Counted before anything else, and never given back: each request may mail someone.
  await limitSupportContact(ctx.ip, input.email);
  const s = await getSettingsWithSecrets(ctx.db);
  if (!smtpConfigured(s)) throw unavailable("mail_not_configured");
  assertSmtpSecretReadable(s);
  if (turnstileActive(s)) {
    const secret = turnstileSecretOrUnavailable(s); // 503 when set but unreadable: never "off"
    if (!input.turnstileToken) throw validationError("captcha_required", { fields: { turnstileToken: "required" } });
    const r = await verifyTurnstile(secret, input.turnstileToken, ctx.ip);
    if (!r.success) throw validationError("captcha_failed", { fields: { turnstileToken: "invalid" }, errorCodes: r.errorCodes });
  }
  const locale = isMailLocale(ctx.locale) ? ctx.locale : "en";
  await ctx.db.transaction(async (tx) => {
    const payload = { subject: input.subject, body: input.body };
    const { token, minutes } = await issueEmailToken(tx, { purpose: "SUPPORT_CONTACT", email: input.email, payload, now: ctx.now(), keepOlder: true });
    await queueMail(tx, { to: input.email, template: "support-contact", locale, minutes, link: siteLink(s.siteUrl, `/support/contact?token=${token}`) });
  });
  kickTasks();
  return { sent: true };
}

export type ContactOutcome = { outcome: "ticket"; ticketId: string } | { outcome: "no_account" };

/**
 * The link from the mail: used once (the conditional update on the token row makes concurrent
 * confirmations open one ticket). When the ticket cannot be opened (the account's open-ticket cap),
 * the transaction rolls back and the link stays usable.
 */
export async function confirmSupportContact(ctx: Ctx, raw: unknown): Promise<ContactOutcome> {
  const { token } = parseInput(ConfirmInput, raw);
  await limitTokenAttemptIp(ctx.ip);
  const cap = (await getSettingsWithSecrets(ctx.db)).ticketOpenCap;
  return ctx.db.transaction(async (tx): Promise<ContactOutcome> => {
    const row = await consumeEmailToken(tx, token, ["SUPPORT_CONTACT"], ctx.now());
    if (!row) throw validationError("invalid_link");
    const user = await findUserByEmail(tx, row.email);
    if (!user) return { outcome: "no_account" };
    const message = { subject: String(row.payload.subject ?? ""), body: String(row.payload.body ?? "") };
    const input = { ...message, category: "ACCOUNT" as const, priority: "NORMAL" as const };
    const ticket = await openTicketTx(tx, { userId: user.id, cap, input, checked: [], now: ctx.now() });
    return { outcome: "ticket", ticketId: ticket.id };
  });
}

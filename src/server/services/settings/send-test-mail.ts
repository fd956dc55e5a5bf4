import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { unavailable } from "../../errors";
import { sendTemplatedMail } from "../../integrations/mail/send-mail-task";
import { EmailInput, parseInput } from "../accounts/inputs";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "./queries";
import { assertSmtpSecretReadable } from "./secret-state";
import { smtpConfigured } from "./update-settings";

/**
 * Sends the test mail right away (not through the task queue) so the admin sees the SMTP server's
 * answer on the settings page. No transaction is open while we talk to the mail server.
 */
export async function sendTestMail(ctx: Ctx, rawTo: unknown): Promise<{ messageId: string }> {
  requireAdmin(ctx, "settings.write");
  const to = parseInput(EmailInput, rawTo);
  const settings = await getSettingsWithSecrets(ctx.db);
  if (!smtpConfigured(settings)) throw unavailable("smtp_not_configured");
  assertSmtpSecretReadable(settings); // not "the mail server refused": we would not even try
  let r: { messageId: string };
  try {
    r = await sendTemplatedMail(ctx.db, { to, template: "test", locale: ctx.locale });
  } catch (err) {
    // Only the mail server's (and the network's) answers are "refused"; our own failures (the
    // database, a bug) keep their cause and reach the transport as a 500 with a reference.
    if (!isMailTransportError(err)) throw err;
    await recordAudit(ctx, { action: "settings.smtp_test", targetType: "settings", metadata: { to, ok: false, error: (err as Error).message } });
    throw unavailable("test_mail_refused", { detail: (err as Error).message });
  }
  await recordAudit(ctx, { action: "settings.smtp_test", targetType: "settings", metadata: { to, ok: true } });
  return r;
}

/** nodemailer's errors (EAUTH, EENVELOPE, ECONNECTION, ETIMEDOUT...) and raw socket errnos (ECONNREFUSED). */
const isMailTransportError = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^E[A-Z_]+$/.test(code);
};

// The invitation mail: the one-time link travels only in the mail task's encrypted `secret` part
// (queueMail), never in a readable payload or a log, as every email link does.
import type { Db as Tx } from "../../db/client";
import { formatDateTime } from "../../../i18n/format";
import { queueMail } from "../../integrations/mail";
import { siteLink } from "../accounts/links";
import { textLocale } from "../notifications/texts";
import { roleWord } from "./role-words";

/** The acceptance page's address for a token. */
export const staffInvitePath = (token: string) => `/staff-invite/${token}`;

export async function queueStaffInviteMail(tx: Tx, p: { to: string; role: string; token: string; expiresAt: Date; locale: string; siteUrl: string }): Promise<void> {
  const locale = textLocale(p.locale);
  await queueMail(tx, {
    to: p.to,
    template: "staff-invite",
    locale,
    link: siteLink(p.siteUrl, staffInvitePath(p.token)),
    role: roleWord(locale, p.role),
    time: formatDateTime(p.expiresAt, locale),
  });
}

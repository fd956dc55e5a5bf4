import { deliveryOf } from "./delivery-domains";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { getSettingsWithSecrets } from "./queries";
import { isUnreadableSecret, type StoredSecret } from "./secret-state";
import { smtpConfigured } from "./update-settings";

/** On when enabled with both keys. A secret that is set but unreadable still counts: the captcha
 *  then fails closed (login and register answer 503), it is never silently switched off. */
export const turnstileActive = (s: { turnstileEnabled: boolean; turnstileSiteKey: string; turnstileSecretKey: StoredSecret }) =>
  s.turnstileEnabled && Boolean(s.turnstileSiteKey) && (isUnreadableSecret(s.turnstileSecretKey) || Boolean(s.turnstileSecretKey));

/** What anonymous visitors may know: never a secret, never the SMTP configuration (only whether there is one). */
export async function getAppInfo(db: Db) {
  const s = await getSettingsWithSecrets(db);
  return {
    siteName: s.siteName,
    edition: env().EDITION,
    registration: {
      open: s.registrationOpen,
      inviteCodeRequired: s.inviteCodeRequired,
      emailVerificationRequired: s.emailVerificationRequired && smtpConfigured(s),
    },
    maintenanceNotice: s.maintenanceNotice || null,
    captcha: turnstileActive(s) ? { provider: "turnstile" as const, siteKey: s.turnstileSiteKey } : { provider: null, siteKey: null },
    site: {
      url: s.siteUrl || env().appUrl,
      subscriptionUrl: deliveryOf(s, env().appUrl).primary,
      supportContact: s.supportContact || null,
    },
    telemetryPublic: s.telemetryPublic,
    /** Whether this site can send mail at all (not how): pages hide or explain what needs it. */
    mailEnabled: smtpConfigured(s),
  };
}
export type AppInfo = Awaited<ReturnType<typeof getAppInfo>>;

// A stored secret that none of the configured keys can decrypt (a bad key rotation) is "set but
// unreadable". It must never become "" — the empty string means "not set", and an empty Turnstile
// secret switches the captcha off while an empty SMTP password sends mail without auth. The type
// below makes every reader of a secret handle the unreadable case (the compiler insists).
import { env } from "../../env";
import { unavailable } from "../../errors";
import type { SecretSettingKey, Settings } from "./schema";

export interface UnreadableSecret {
  readonly unreadable: true;
}
export const UNREADABLE_SECRET: UnreadableSecret = Object.freeze({ unreadable: true as const });
export const isUnreadableSecret = (v: unknown): v is UnreadableSecret => typeof v === "object" && v !== null && (v as { unreadable?: unknown }).unreadable === true;

export type StoredSecret = string | UnreadableSecret;
/** Settings as read on the server: secrets decrypted, or marked unreadable. */
export type SettingsWithSecrets = Omit<Settings, SecretSettingKey> & Record<SecretSettingKey, StoredSecret>;

/** The Turnstile secret to verify with; 503 when it is stored but cannot be decrypted. */
export function turnstileSecretOrUnavailable(s: { turnstileSecretKey: StoredSecret }): string {
  if (isUnreadableSecret(s.turnstileSecretKey)) {
    throw unavailable("captcha_unavailable");
  }
  return s.turnstileSecretKey;
}

/** SMTP_URL overrides the stored settings; otherwise an unreadable password means no mail at all. */
export const smtpSecretUnreadable = (s: { smtpPassword: StoredSecret }) => !env().SMTP_URL && isUnreadableSecret(s.smtpPassword);

/** 503 when mail would have to be sent with an unreadable SMTP password. */
export function assertSmtpSecretReadable(s: { smtpPassword: StoredSecret }): void {
  if (smtpSecretUnreadable(s)) {
    throw unavailable("mail_unavailable");
  }
}

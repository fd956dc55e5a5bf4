export * from "./schema";
export { getSettings, getSettingsWithSecrets, type PublicSafeSettings } from "./queries";
export {
  assertSmtpSecretReadable,
  isUnreadableSecret,
  smtpSecretUnreadable,
  turnstileSecretOrUnavailable,
  type SettingsWithSecrets,
  type StoredSecret,
} from "./secret-state";
export { updateSettings, smtpConfigured } from "./update-settings";
export { getAppInfo, turnstileActive, type AppInfo } from "./get-app-info";
export { sendTestMail } from "./send-test-mail";

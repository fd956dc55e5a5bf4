export * from "./schema";
export { getSettings, getSettingsWithSecrets, type PublicSafeSettings } from "./queries";
export { getClientCatalogue } from "./client-catalogue-read";
export { CLIENT_PLATFORMS, TEMPLATE_PLACEHOLDERS, type ClientEntry, type ClientPlatform } from "./client-catalogue-types";
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

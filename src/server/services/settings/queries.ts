import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { appConfig } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
import { log } from "../../logger";
import { SECRET_SETTINGS, SETTINGS_DEFAULTS, SettingsSchema, isSecretSetting, type SecretSettingKey, type Settings } from "./schema";
import { isUnreadableSecret, UNREADABLE_SECRET, type SettingsWithSecrets, type StoredSecret } from "./secret-state";

/**
 * Settings with secrets decrypted: for server-side use only (mail, captcha). A secret that cannot be
 * decrypted stays "set" (UNREADABLE_SECRET), so the feature it guards fails closed instead of off.
 */
export async function getSettingsWithSecrets(db: Db): Promise<SettingsWithSecrets> {
  const rows = await db.select().from(appConfig);
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of rows) {
    if (!(row.key in SETTINGS_DEFAULTS)) continue;
    const value = isSecretSetting(row.key) && typeof row.value === "string" && row.value ? decryptSetting(row.key, row.value) : row.value;
    if (isUnreadableSecret(value)) {
      merged[row.key] = value;
      continue;
    }
    const parsed = SettingsSchema.shape[row.key as keyof Settings].safeParse(value);
    if (parsed.success) merged[row.key] = parsed.data;
  }
  return merged as SettingsWithSecrets;
}

function decryptSetting(key: string, value: string): StoredSecret {
  try {
    return decryptSecret(value);
  } catch (err) {
    log.error("setting secret cannot be decrypted with the configured keys; the feature it guards is unavailable until it is re-entered or the old key restored", {
      setting: key,
      error: (err as Error).message,
    });
    return UNREADABLE_SECRET;
  }
}

export type PublicSafeSettings = Omit<Settings, SecretSettingKey> & {
  secretsSet: Record<SecretSettingKey, boolean>;
  /** Stored but not decryptable with the current keys (the admin page says so). */
  secretsUnreadable: Record<SecretSettingKey, boolean>;
};

/** Settings for the admin form: secrets replaced by whether they are set. */
export async function getSettings(ctx: Ctx): Promise<PublicSafeSettings> {
  requireAdmin(ctx, "settings.read");
  const all = await getSettingsWithSecrets(ctx.db);
  const secretsSet = {} as Record<SecretSettingKey, boolean>;
  const secretsUnreadable = {} as Record<SecretSettingKey, boolean>;
  const out: Record<string, unknown> = { ...all };
  for (const k of SECRET_SETTINGS) {
    secretsSet[k] = Boolean(all[k]);
    secretsUnreadable[k] = isUnreadableSecret(all[k]);
    delete out[k];
  }
  return { ...(out as Omit<Settings, SecretSettingKey>), secretsSet, secretsUnreadable };
}

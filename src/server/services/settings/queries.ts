import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { appConfig } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
import { log } from "../../logger";
import { SECRET_SETTINGS, SETTINGS_DEFAULTS, SettingsSchema, isSecretSetting, type SecretSettingKey, type Settings } from "./schema";

/** Settings with secrets decrypted: for server-side use only (mail, captcha). */
export async function getSettingsWithSecrets(db: Db): Promise<Settings> {
  const rows = await db.select().from(appConfig);
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of rows) {
    if (!(row.key in SETTINGS_DEFAULTS)) continue;
    const parsed = SettingsSchema.shape[row.key as keyof Settings].safeParse(
      isSecretSetting(row.key) && typeof row.value === "string" && row.value ? safeDecrypt(row.key, row.value) : row.value,
    );
    if (parsed.success) merged[row.key] = parsed.data;
  }
  return merged as Settings;
}

function safeDecrypt(key: string, value: string): string {
  try {
    return decryptSecret(value);
  } catch (err) {
    log.error("setting secret cannot be decrypted", { setting: key, error: (err as Error).message });
    return "";
  }
}

export type PublicSafeSettings = Omit<Settings, SecretSettingKey> & { secretsSet: Record<SecretSettingKey, boolean> };

/** Settings for the admin form: secrets replaced by whether they are set. */
export async function getSettings(ctx: Ctx): Promise<PublicSafeSettings> {
  requireAdmin(ctx);
  const all = await getSettingsWithSecrets(ctx.db);
  const secretsSet = {} as Record<SecretSettingKey, boolean>;
  const out: Record<string, unknown> = { ...all };
  for (const k of SECRET_SETTINGS) {
    secretsSet[k] = Boolean(all[k]);
    delete out[k];
  }
  return { ...(out as Omit<Settings, SecretSettingKey>), secretsSet };
}

import { sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { encryptSecret } from "../../crypto/secrets";
import { appConfig } from "../../db/schema";
import { env } from "../../env";
import { validationError } from "../../errors";
import { assertNoNul, fieldProblems } from "../../validation";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "./queries";
import { forgetContentSettings } from "../subscription-content/content-settings";
import { ruleProblems, rulesInvalid } from "../subscription-content/response-rules-check";
import { thresholdProblems } from "./risk-thresholds";
import { SettingsSchema, SYSTEM_SETTINGS, isSecretSetting, type Settings } from "./schema";

const EditableSchema = SettingsSchema.omit(Object.fromEntries(SYSTEM_SETTINGS.map((k) => [k, true])) as { [K in (typeof SYSTEM_SETTINGS)[number]]: true })
  .partial()
  .strict();
export type UpdateSettingsInput = Partial<Omit<Settings, (typeof SYSTEM_SETTINGS)[number]>>;

export const smtpConfigured = (s: Pick<Settings, "smtpHost">) => Boolean(env().SMTP_URL || s.smtpHost);

/**
 * Validates a partial update against the whole resulting configuration, then writes only the
 * changed keys with one audit row (keys only: secret values never reach the log).
 * An empty string for a secret means "keep the stored one"; `null` is not accepted.
 */
export async function updateSettings(ctx: Ctx, input: Record<string, unknown>, opts: { clearSecrets?: string[] } = {}): Promise<string[]> {
  requireAdmin(ctx, "settings.write");
  assertNoNul(input);
  const parsed = EditableSchema.safeParse(input);
  if (!parsed.success) {
    throw validationError("settings_invalid", fieldProblems(parsed.error.issues, input, "settings"));
  }
  // Response rules: the shape passed above; each regex must also compile and finish in its budget.
  if (parsed.data.subscriptionResponseRules) {
    const problems = ruleProblems(parsed.data.subscriptionResponseRules);
    if (problems.length) throw rulesInvalid(problems);
  }
  const changed = await ctx.db.transaction(async (tx) => {
    const current = await getSettingsWithSecrets(tx);
    const patch: Record<string, unknown> = { ...parsed.data };
    for (const [k, v] of Object.entries(patch)) if (isSecretSetting(k) && v === "") delete patch[k];
    for (const k of opts.clearSecrets ?? []) if (isSecretSetting(k)) patch[k] = "";
    const next = { ...current, ...patch } as Settings;
    if (next.emailVerificationRequired && !smtpConfigured(next)) {
      throw validationError("smtp_required", { fields: { emailVerificationRequired: "smtp_required" } });
    }
    if (next.turnstileEnabled && (!next.turnstileSiteKey || !next.turnstileSecretKey)) {
      throw validationError("turnstile_keys_required", { fields: { turnstileEnabled: "keys_required" } });
    }
    const disordered = thresholdProblems(next, new Set(Object.keys(patch)));
    if (disordered.length) {
      throw validationError("settings_invalid", {
        fields: Object.fromEntries(disordered.map((p) => [p.field, p.code])),
        fieldParams: Object.fromEntries(disordered.map((p) => [p.field, p.params])),
      });
    }
    const changed = Object.keys(patch).filter((k) => JSON.stringify(patch[k]) !== JSON.stringify(current[k as keyof Settings]));
    for (const k of changed) {
      // A null setting (the response rules' "shipped defaults") is stored as JSON null: the column is NOT NULL.
      const value = isSecretSetting(k) && patch[k] ? encryptSecret(String(patch[k])) : patch[k] === null ? sql`'null'::jsonb` : patch[k];
      await tx
        .insert(appConfig)
        .values({ key: k, value: value as object })
        .onConflictDoUpdate({ target: appConfig.key, set: { value: value as object, updatedAt: sql`now()` } });
    }
    if (changed.length) await recordAudit(ctx, { action: "settings.update", targetType: "settings", metadata: { keys: changed } }, tx);
    return changed;
  });
  // The instance that wrote sees its write at once; the others learn it from the change feed.
  if (changed.length) forgetContentSettings();
  return changed;
}

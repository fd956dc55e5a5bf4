"use server";
// Admin settings: thin wrappers; the verbs check for an admin caller and validate every key.
import { formToObject, runAction } from "@/server/actions/run-action";
import { forgetRiskSettings } from "@/server/services/risk/risk-settings";
import { sendTestMail, updateSettings } from "@/server/services/settings";

/** Form fields are settings keys; repeated `clearSecrets` fields name the secrets to erase. */
export async function saveSettings(formData: FormData) {
  const { clearSecrets, ...input } = formToObject(formData);
  const clear = ([] as unknown[]).concat(clearSecrets ?? []).map(String);
  return runAction(
    async (ctx) => {
      const changed = await updateSettings(ctx, input, { clearSecrets: clear });
      // This instance applies new risk thresholds at once; others within the cache's few seconds.
      forgetRiskSettings();
      return changed;
    },
    { revalidate: ["/admin/settings"] },
  );
}

export async function sendTestMailAction(to: string) {
  return runAction((ctx) => sendTestMail(ctx, to));
}

"use server";
// Admin settings: thin wrappers; admins only (the wrapper and the verbs check); the verbs validate every key.
import { args, form, formList, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { forgetRiskSettings } from "@/server/services/risk/risk-settings";
import { sendTestMail, updateSettings } from "@/server/services/settings";

/** Form fields are settings keys; repeated `clearSecrets` fields name the secrets to erase. */
export async function saveSettings(...a: [formData: FormData]) {
  return runAction(
    args(["form", form]),
    a,
    async (ctx, [{ clearSecrets, ...input }]) => {
      const changed = await updateSettings(ctx, input, { clearSecrets: formList(clearSecrets).map(String) });
      // This instance applies new risk thresholds at once; others within the cache's few seconds.
      forgetRiskSettings();
      return changed;
    },
    { revalidate: ["/admin/settings"], permission: "settings.write" },
  );
}

export async function sendTestMailAction(...a: [to: string]) {
  return runAction(args(["to", str]), a, (ctx, [to]) => sendTestMail(ctx, to), { permission: "settings.write" });
}

"use server";
// Admin settings: thin wrappers; the verbs check for an admin caller and validate every key.
import { formToObject, runAction } from "@/server/actions/run-action";
import { sendTestMail, updateSettings } from "@/server/services/settings";

/** Form fields are settings keys; repeated `clearSecrets` fields name the secrets to erase. */
export async function saveSettings(formData: FormData) {
  const { clearSecrets, ...input } = formToObject(formData);
  const clear = ([] as unknown[]).concat(clearSecrets ?? []).map(String);
  return runAction((ctx) => updateSettings(ctx, input, { clearSecrets: clear }), { revalidate: ["/admin/settings"] });
}

export async function sendTestMailAction(to: string) {
  return runAction((ctx) => sendTestMail(ctx, to));
}

// Whether the store offers "buy as a gift": the giftsEnabled setting, and mail the claim link can
// travel by. The store page shows the button from this; buy now checks it again (purchase-check.ts).
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../settings/queries";
import { smtpConfigured } from "../settings/update-settings";

export async function giftsOffered(db: Db): Promise<boolean> {
  const settings = await getSettingsWithSecrets(db);
  return settings.giftsEnabled && smtpConfigured(settings);
}

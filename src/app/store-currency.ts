import { getDb } from "@/server/db/client";
import { getSettingsWithSecrets } from "@/server/services/settings";

/** The currency prices are in (settings.currency); only this one field leaves the settings read. */
export async function storeCurrency(): Promise<string> {
  return (await getSettingsWithSecrets(getDb())).currency;
}

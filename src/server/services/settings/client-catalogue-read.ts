import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appConfig } from "../../db/schema";
import { log } from "../../logger";
import { ClientCatalogueSchema } from "./client-catalogue";
import type { ClientEntry } from "./client-catalogue-types";
import { SETTINGS_DEFAULTS } from "./schema";

/**
 * The client catalogue for the subscription pages: one row, not the whole settings table (the
 * browser view of a subscription link is opened often and by anyone holding the link). A stored
 * value the schema no longer accepts falls back to the defaults, as every other setting does.
 */
export async function getClientCatalogue(db: Db): Promise<ClientEntry[]> {
  const [row] = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, "subscriptionClients"));
  if (!row) return SETTINGS_DEFAULTS.subscriptionClients;
  const parsed = ClientCatalogueSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log.warn("stored subscriptionClients setting is not valid; the default client catalogue is shown", { issues: parsed.error.issues.length });
  return SETTINGS_DEFAULTS.subscriptionClients;
}

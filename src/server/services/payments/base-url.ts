import type { Ctx } from "../../context";
import { getSettingsWithSecrets } from "../settings/queries";

/** Where gateways call back and buyers return: the configured site URL, else this request's origin. */
export async function publicBaseUrl(ctx: Ctx, req: Request): Promise<string> {
  const { siteUrl } = await getSettingsWithSecrets(ctx.db);
  return siteUrl || new URL(req.url).origin;
}

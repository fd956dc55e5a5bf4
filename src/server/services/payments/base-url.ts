import type { Ctx } from "../../context";
import { getAppInfo } from "../settings";

/**
 * Where gateways call back and buyers return: the configured site URL, else APP_URL. Never the
 * request's Host header, which the caller controls.
 */
export async function publicBaseUrl(ctx: Ctx): Promise<string> {
  return (await getAppInfo(ctx.db)).site.url;
}

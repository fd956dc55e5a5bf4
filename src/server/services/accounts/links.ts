import { env } from "../../env";

/** Links in mails point at the configured site URL, falling back to APP_URL. */
export const siteLink = (siteUrl: string, pathAndQuery: string) => `${(siteUrl || env().appUrl).replace(/\/+$/, "")}${pathAndQuery}`;

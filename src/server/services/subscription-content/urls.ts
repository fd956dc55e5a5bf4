// The addresses a subscription's content is fetched from. The base is the admin's subscription
// domain when set (often a separate, unblocked host), else the site URL, else APP_URL.
import { env } from "../../env";
import type { ServedFormat } from "./types";

export function contentBaseUrl(settings: { subscriptionUrl: string; siteUrl: string }): string {
  return (settings.subscriptionUrl || settings.siteUrl || env().appUrl).replace(/\/+$/, "");
}

/** `<base>/api/subscription/<id>?token=<token>[&format=<f>]`: the link a client app imports. */
export function subscriptionContentUrl(base: string, subscriptionId: string, token: string, format?: ServedFormat): string {
  const q = new URLSearchParams({ token });
  if (format) q.set("format", format);
  return `${base}/api/subscription/${encodeURIComponent(subscriptionId)}?${q.toString()}`;
}

/** `<base>/api/subscription/all?token=<user token>`: every active proxy subscription of one user. */
export function aggregateContentUrl(base: string, token: string, format?: ServedFormat): string {
  const q = new URLSearchParams({ token });
  if (format) q.set("format", format);
  return `${base}/api/subscription/all?${q.toString()}`;
}

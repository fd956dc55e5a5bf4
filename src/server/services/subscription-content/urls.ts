// The addresses a subscription's content is fetched from. The root is the primary delivery domain
// (the first configured base URL not marked blocked; else the single subscription URL, the site URL,
// APP_URL) and the path prefix (default /api/subscription): settings/delivery-domains.ts.
import { env } from "../../env";
import { deliveryOf, type Delivery } from "../settings/delivery-domains";
import type { ServedFormat } from "./types";

type DeliverySettings = Parameters<typeof deliveryOf>[0];

export function deliveryFor(settings: DeliverySettings): Delivery {
  return deliveryOf(settings, env().appUrl);
}

/** `<primary base><prefix>`: what content URLs start with. */
export function contentRootOf(settings: DeliverySettings): string {
  const d = deliveryFor(settings);
  return `${d.primary}${d.prefix}`;
}

/** `<root>/<id>?token=<token>[&format=<f>]`: the link a client app imports. */
export function subscriptionContentUrl(root: string, subscriptionId: string, token: string, format?: ServedFormat): string {
  const q = new URLSearchParams({ token });
  if (format) q.set("format", format);
  return `${root}/${encodeURIComponent(subscriptionId)}?${q.toString()}`;
}

/** `<root>/all?token=<user token>`: every active proxy subscription of one user. */
export function aggregateContentUrl(root: string, token: string, format?: ServedFormat): string {
  const q = new URLSearchParams({ token });
  if (format) q.set("format", format);
  return `${root}/all?${q.toString()}`;
}

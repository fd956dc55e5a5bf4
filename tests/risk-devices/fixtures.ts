// Subscriptions on plans with a device limit, and fetches of their content as a given device, through
// serveContent (the pipeline both transports call).
import { eq } from "drizzle-orm";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { subscriptions } from "../../src/server/db/schema";
import type { RawDeviceHeaders } from "../../src/server/services/risk/device-headers";
import { serveContent, type ContentResponse } from "../../src/server/services/subscription-content/serve";
import { grantSubscription } from "../../src/server/services/subscriptions";
import { myAggregateToken } from "../../src/server/services/subscriptions";
import { buyer, drainTasks, proxyPlan, type Shop } from "../commerce/fixtures";

export type Buyer = Awaited<ReturnType<typeof buyer>>;

/** A plan with this device limit (0 = none). */
export const planWithLimit = (shop: Shop, deviceLimit: number) => proxyPlan(shop, { deviceLimit });

/** A subscription of `user` (a new buyer when not given) on the plan, with its content token. */
export async function subscribe(shop: Shop, planId: string, user?: Buyer) {
  const u = user ?? (await buyer(shop));
  const id = await grantSubscription(shop.admin.ctx, { email: u.email, planId });
  await drainTasks(shop.db);
  const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return { user: u, sub: sub!, token: decryptSecret(sub!.downloadTokenEnc) };
}

let ipN = 1;
/** A documentation address per call (no place, and no per-IP limit shared between tests). */
export const docIp = () => `198.51.${(ipN >> 8) & 255}.${ipN++ & 255}`;

export interface FetchOpts {
  device?: RawDeviceHeaders;
  ip?: string;
  now?: Date;
  format?: string;
}

/** One fetch of a subscription's content (or, with id "all", the aggregate link). */
export function fetchContent(shop: Shop, id: string, token: string, opts: FetchOpts = {}): Promise<ContentResponse> {
  return serveContent(shop.db, { id, token, format: opts.format ?? "plain", userAgent: "Happ/3.1.0", ip: opts.ip ?? docIp(), locale: "en", device: opts.device }, opts.now);
}

export const hwidOf = (name: string) => `hwid-${name}-0123456789`;
export const asDevice = (name: string, model = `Phone ${name}`): RawDeviceHeaders => ({ hwid: hwidOf(name), deviceOs: "Android", osVersion: "14", deviceModel: model });

export const reasonOf = (out: ContentResponse) => (JSON.parse(out.body) as { error: { details: { reason: string; limit?: number } } }).error.details;

export async function aggregateToken(user: Buyer): Promise<string> {
  return (await myAggregateToken(user.ctx)).token;
}

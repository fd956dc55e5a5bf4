// A buyer with one provisioned proxy subscription and its raw download token, and a fetch of it
// through the real content pipeline (serveContent) on a given database handle.
import { eq } from "drizzle-orm";
import { decryptSecret } from "../../src/server/crypto/secrets";
import type { Db } from "../../src/server/db/client";
import { subscriptions } from "../../src/server/db/schema";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { buyer, drainTasks, proxyPlan, type Shop } from "../commerce/fixtures";

export async function subscribedIn(shop: Shop) {
  const plan = await proxyPlan(shop);
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  if (order.status !== "PAID") await confirmOrder(shop.admin.ctx, order.id);
  await drainTasks(shop.db);
  const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
  return { user: u, sub: sub!, token: decryptSecret(sub!.downloadTokenEnc) };
}

let n = 0;
/** base64 content of one subscription, each call from another documentation address (no per-IP limit). */
export const fetchOn = (db: Db, id: string, token: string) =>
  serveContent(db, { id, token, format: "base64", userAgent: "v2rayN/7.0", ip: `198.51.100.${(n++ % 250) + 1}`, locale: "en" });

/** subscription-userinfo as numbers. */
export const userinfo = (h: Record<string, string>): Record<string, number> =>
  Object.fromEntries(h["subscription-userinfo"]!.split(";").map((kv) => kv.trim().split("=")).map(([k, v]) => [k, Number(v)]));

export const titleOf = (h: Record<string, string>) => Buffer.from(h["profile-title"]!.replace(/^base64:/, ""), "base64").toString("utf8");

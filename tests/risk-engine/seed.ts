// Rows for the risk engine tests, inserted directly: a node with an agent token, an inbound, a plan,
// and subscriptions whose panel clients carry known emails. Provisioning is another area's concern.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { encryptSecret } from "../../src/server/crypto/secrets";
import type { Db } from "../../src/server/db/client";
import { inbounds, nodeClients, plans, subscriptions } from "../../src/server/db/schema";
import { newDownloadToken } from "../../src/server/services/provisioning/provision-order";
import { forgetRiskSettings, forgetGeoMarkMemory } from "../../src/server/services/risk";
import { updateSettings } from "../../src/server/services/settings";
import type { Settings } from "../../src/server/services/settings/schema";
import { cliCtx, makeUser } from "../helpers/actors";
import { insertNode } from "../telemetry/helpers";

export async function seedNode(db: Db) {
  const node = await insertNode(db);
  const [inbound] = await db
    .insert(inbounds)
    .values({ nodeId: node.id, panelInboundId: Math.floor(Math.random() * 1e6), protocol: "vless", port: 10000 + Math.floor(Math.random() * 50000) })
    .returning();
  const [plan] = await db.insert(plans).values({ kind: "PROXY", name: `risk-plan-${randomUUID().slice(0, 8)}`, durationDays: 30, nodeId: node.id }).returning();
  return { node, inbound: inbound!, plan: plan! };
}

export type Seeded = Awaited<ReturnType<typeof seedNode>>;

/** A user with an ACTIVE proxy subscription whose client on the node is `<random>@risk.test`. */
export async function seedSubscription(db: Db, s: Seeded, opts: { userId?: string } = {}) {
  const userId = opts.userId ?? (await makeUser(db)).id;
  const token = newDownloadToken();
  const now = new Date();
  const [sub] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId: s.plan.id,
      kind: "PROXY",
      nodeId: s.node.id,
      startsAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      downloadTokenHash: token.hash,
      downloadTokenEnc: token.enc,
    })
    .returning();
  const email = `c-${randomUUID().slice(0, 12)}@risk.test`;
  await db.insert(nodeClients).values({ subscriptionId: sub!.id, nodeId: s.node.id, inboundId: s.inbound.id, email, protocol: "vless", credentialEnc: encryptSecret(randomUUID()) });
  return { sub: sub!, userId, email, token: token.token };
}

export async function riskConfig(db: Db, patch: Partial<Settings>): Promise<void> {
  await updateSettings(cliCtx(db), patch);
  forgetRiskSettings();
  forgetGeoMarkMemory();
}

export const statusOf = async (db: Db, id: string) => (await db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status;

/** Addresses whose places the pinned GeoLite2 City files know (country/region/city). */
export const IP = {
  hangzhou: "223.5.5.5", // CN/Zhejiang/Hangzhou
  beijing: "1.202.0.1", // CN/Beijing/Beijing
  changzhou: "36.152.44.95", // CN/Jiangsu/Changzhou
  nanjing: "112.80.248.75", // CN/Jiangsu/Nanjing
  guangzhou: "14.215.177.39", // CN/Guangdong/Guangzhou
  shenzhenV6: "240e::1", // CN/Guangdong/Shenzhen
  us: "8.8.8.8", // US (no region, no city)
  gb: "81.2.69.160", // GB/England/Bracknell
  de: "5.6.7.8", // DE
  jp: "133.242.1.1", // JP
} as const;

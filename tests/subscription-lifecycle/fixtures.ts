// Helpers for the lifecycle tests: a paid subscription on the shop's node (clients on the simulator).
// The second "instance" the tests race on is tests/helpers/race.ts.
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { nodeClients, plans, subscriptions, type NodeClient, type Subscription } from "../../src/server/db/schema";
import type { PlanInputRaw } from "../../src/server/services/catalog";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { buyer, drainTasks, proxyPlan, type Shop } from "../commerce/fixtures";

export const GIB = 1024 ** 3;

export async function subscribe(shop: Shop, planOver: Partial<PlanInputRaw> = {}): Promise<{ sub: Subscription; clients: NodeClient[]; planId: string; userId: string }> {
  const plan = await proxyPlan(shop, planOver);
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  if (order.status !== "PAID") await confirmOrder(shop.admin.ctx, order.id);
  await drainTasks(shop.db);
  const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
  const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
  return { sub: sub!, clients, planId: plan.id, userId: u.id };
}

export async function subRow(db: Db, id: string): Promise<Subscription> {
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return s!;
}

export async function clientRows(db: Db, subscriptionId: string): Promise<NodeClient[]> {
  return db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, subscriptionId));
}

export const planRow = async (db: Db, id: string) => (await db.select().from(plans).where(eq(plans.id, id)))[0]!;


// Shared by the subscription operation tests: gifts (the quickest way to a provisioned
// subscription), streaming services and plans, and reads of the rows the tests check.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { nodeClients, plans, streamingServices, subscriptions, tasks } from "../../src/server/db/schema";
import { createPlan, createStreamingService, type PlanInputRaw } from "../../src/server/services/catalog";
import { grantSubscription } from "../../src/server/services/subscriptions";
import type { Shop } from "../commerce/fixtures";

export const subOf = async (db: Db, id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
export const clientsOf = (db: Db, id: string) => db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, id));
export const planOf = async (db: Db, id: string) => (await db.select().from(plans).where(eq(plans.id, id)))[0]!;
export const serviceOf = async (db: Db, id: string) => (await db.select().from(streamingServices).where(eq(streamingServices.id, id)))[0]!;
export const tasksOfKind = (db: Db, kind: string) => db.select().from(tasks).where(and(eq(tasks.kind, kind)));

/** A gift of `planId` to `email`: a provisioned subscription without a payment. */
export const gift = (shop: Shop, email: string, planId: string, days?: number) => grantSubscription(shop.admin.ctx, { email, planId, days });

export async function streamingService(shop: Shop, slotCount: number, credentials = "login: family@example.com\npassword: hunter2") {
  return createStreamingService(shop.admin.ctx, { name: `svc-${randomUUID().slice(0, 8)}`, credentials, slotCount });
}

export async function streamingPlan(shop: Shop, serviceId: string, over: Partial<PlanInputRaw> = {}) {
  return createPlan(shop.admin.ctx, { kind: "STREAMING", name: `stream-${randomUUID().slice(0, 8)}`, streamingServiceId: serviceId, priceMinor: 1500, durationDays: 30, ...over } as PlanInputRaw);
}

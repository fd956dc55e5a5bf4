// Rows for the risk review tests, written straight into the tables: these tests are about what an
// admin does with an event, so the engine that raises events and the content endpoint that logs
// accesses are left out (they are tested in their own areas).
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import {
  notifications,
  riskGeoMarks,
  subscriptionAccessLogs,
  subscriptionDevices,
  subscriptionRiskEvents,
  subscriptions,
  auditLogs,
  users,
  type RiskLevel,
  type RiskReason,
} from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { client, node, proxyPlan, subscription } from "../admin-subscriptions/fixtures";

export const HOUR = 3_600_000;

export async function owner(db: Db, locale: "zh-CN" | "en" | null = null) {
  const u = await makeUser(db);
  if (locale) await db.update(users).set({ locale }).where(eq(users.id, u.id));
  return u;
}

/** A node with an inbound, a plan on it and an ACTIVE proxy subscription of `userId` with one panel client. */
export async function proxySub(db: Db, userId: string, planName?: string) {
  const n = await node(db);
  const plan = await proxyPlan(db, n.id, planName);
  const sub = await subscription(db, { userId, planId: plan.id, nodeId: n.id });
  const c = await client(db, sub, n, { enable: true });
  return { node: n, plan, sub, client: c };
}

export async function riskEvent(
  db: Db,
  o: { userId: string; subscriptionId?: string | null; reason?: RiskReason; level?: RiskLevel; day?: string; createdAt?: Date; restrictionActive?: boolean; reportSentAt?: Date | null },
) {
  const subscriptionId = o.subscriptionId ?? null;
  const [row] = await db
    .insert(subscriptionRiskEvents)
    .values({
      userId: o.userId,
      subscriptionId,
      scopeKey: subscriptionId ? `sub:${subscriptionId}` : `user:${o.userId}`,
      reason: o.reason ?? "COUNTRY_CHANGE",
      level: o.level ?? "SUSPEND",
      day: o.day ?? new Date().toISOString().slice(0, 10),
      evidence: { countries: 3 },
      createdAt: o.createdAt ?? new Date(),
      restrictionActive: o.restrictionActive ?? false,
      reportSentAt: o.reportSentAt ?? null,
    })
    .returning();
  return row!;
}

export async function access(
  db: Db,
  o: { subscriptionId: string | null; userId: string; at: Date; ip: string; place?: [string, string, string]; source?: "API" | "NODE"; nodeId?: string; outcome?: "OK" | "suspended"; connectionCount?: number; uniqueTargetCount?: number },
) {
  const [country, region, city] = o.place ?? ["", "", ""];
  await db.insert(subscriptionAccessLogs).values({
    subscriptionId: o.subscriptionId,
    userId: o.userId,
    nodeId: o.nodeId ?? null,
    source: o.source ?? "API",
    outcome: o.outcome ?? "OK",
    ip: o.ip,
    format: o.source === "NODE" ? "" : "base64",
    country,
    region,
    city,
    connectionCount: o.connectionCount ?? null,
    uniqueTargetCount: o.uniqueTargetCount ?? null,
    createdAt: o.at,
  });
}

export async function device(db: Db, sub: { id: string; userId: string }, model: string) {
  await db.insert(subscriptionDevices).values({ subscriptionId: sub.id, userId: sub.userId, hwidHash: `h-${model}-${Math.random()}`, deviceOs: "Android", osVersion: "14", deviceModel: model, lastIp: "223.5.5.5", lastPlace: "CN/Zhejiang/Hangzhou" });
}

export async function geoMark(db: Db, scopeKey: string, place: string, kind: "COUNTRY" | "REGION" | "CITY" = "COUNTRY") {
  const now = new Date();
  await db.insert(riskGeoMarks).values({ scopeKey, kind, place, firstSeenAt: now, lastSeenAt: now });
}

export const userRow = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
export const subRow = async (db: Db, id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
export const eventRow = async (db: Db, id: string) => (await db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.id, id)))[0]!;
export const riskNotices = (db: Db, userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));
export const auditsOf = (db: Db, action: string, targetId: string) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, action)).then((rows) => rows.filter((r) => r.targetId === targetId));

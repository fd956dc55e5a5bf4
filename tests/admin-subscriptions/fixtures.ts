// Rows for the admin subscription and traffic reads, written straight into the tables: these tests
// check reads (filters, search, pages, sums), so a purchase through the panel simulator would only
// slow them down. The writes that produce such rows are tested where they live.
import { randomBytes } from "node:crypto";
import type { Db } from "../../src/server/db/client";
import { inbounds, nodeClients, plans, streamingServices, subscriptionAccessLogs, subscriptions, trafficDaily, type AccessOutcome, type SubscriptionKind, type SubscriptionStatus } from "../../src/server/db/schema";
import { insertNode } from "../telemetry/helpers";

let seq = 0;
const tag = () => `${Date.now().toString(36)}-${seq++}`;

export async function node(db: Db, name?: string) {
  const n = await insertNode(db, { name: name ?? `node-${tag()}`, withToken: false });
  const [inbound] = await db.insert(inbounds).values({ nodeId: n.id, panelInboundId: 1, protocol: "vmess", port: 20000 + seq++, remark: "main" }).returning();
  return { id: n.id, name: n.name, inboundId: inbound!.id };
}

export async function proxyPlan(db: Db, nodeId: string, name = `plan-${tag()}`) {
  const [p] = await db.insert(plans).values({ kind: "PROXY", name, nodeId, durationDays: 30 }).returning();
  return p!;
}

export async function streamingPlan(db: Db, name = `stream-${tag()}`) {
  const [s] = await db.insert(streamingServices).values({ name: `svc-${tag()}`, credentialsEnc: "not-read-here", slotCount: 5, slotsHeld: 1 }).returning();
  const [p] = await db.insert(plans).values({ kind: "STREAMING", name, streamingServiceId: s!.id, durationDays: 30 }).returning();
  return { plan: p!, serviceId: s!.id };
}

export async function subscription(
  db: Db,
  o: { userId: string; planId: string; kind?: SubscriptionKind; status?: SubscriptionStatus; nodeId?: string | null; streamingServiceId?: string | null; createdAt?: Date; usedBytes?: number },
) {
  const now = new Date();
  const [s] = await db
    .insert(subscriptions)
    .values({
      userId: o.userId,
      planId: o.planId,
      kind: o.kind ?? "PROXY",
      status: o.status ?? "ACTIVE",
      nodeId: o.nodeId ?? null,
      streamingServiceId: o.streamingServiceId ?? null,
      startsAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      trafficLimitBytes: 10 * 1024 ** 3,
      trafficUsedBytes: o.usedBytes ?? 0,
      downloadTokenHash: `hash-${randomBytes(12).toString("hex")}`,
      downloadTokenEnc: "v1.secret-ciphertext",
      createdAt: o.createdAt ?? now,
    })
    .returning();
  return s!;
}

export async function client(db: Db, sub: { id: string }, n: { id: string; inboundId: string }, over: Partial<typeof nodeClients.$inferInsert> = {}) {
  const [c] = await db
    .insert(nodeClients)
    .values({ subscriptionId: sub.id, nodeId: n.id, inboundId: n.inboundId, email: `c-${tag()}@x`, protocol: "vmess", credentialEnc: "v1.credential-ciphertext", ...over })
    .returning();
  return c!;
}

export async function accessLog(db: Db, sub: { id: string; userId: string }, o: { at: Date; outcome?: AccessOutcome; ip?: string; format?: string; userAgent?: string; source?: "API" | "NODE"; nodeId?: string }) {
  await db.insert(subscriptionAccessLogs).values({
    subscriptionId: sub.id,
    userId: sub.userId,
    outcome: o.outcome ?? "OK",
    ip: o.ip ?? "203.0.113.7",
    format: o.format ?? "base64",
    userAgent: o.userAgent ?? "v2rayN/6.0",
    source: o.source ?? "API",
    nodeId: o.nodeId ?? null,
    createdAt: o.at,
  });
}

/** `daysAgo` UTC days before `now`, as traffic_daily.day. */
export const utcDay = (now: Date, daysAgo: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function traffic(db: Db, sub: { id: string; userId: string }, nodeId: string, day: string, up: number, down: number) {
  await db.insert(trafficDaily).values({ day, subscriptionId: sub.id, userId: sub.userId, nodeId, upBytes: up, downBytes: down });
}

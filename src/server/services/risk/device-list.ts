// The devices registered on a subscription: its owner lists and removes them on the subscription
// page (freeing a place under the plan's limit), an admin on the admin subscription page (audited).
import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { plans, subscriptionDevices, subscriptions } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { forgetDevice } from "./device-cache";

export const ListDevicesInput = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const RemoveDeviceInput = z.object({ subscriptionId: z.uuid(), deviceId: z.uuid() });

/** A device as the pages show it: never the hash. */
export interface DeviceView {
  id: string;
  deviceOs: string;
  osVersion: string;
  deviceModel: string;
  userAgent: string;
  lastIp: string;
  lastPlace: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface DeviceList {
  subscriptionId: string;
  /** The plan's limit; 0 = no limit. */
  limit: number;
  total: number;
  page: number;
  pageSize: number;
  rows: DeviceView[];
}

const viewColumns = {
  id: subscriptionDevices.id,
  deviceOs: subscriptionDevices.deviceOs,
  osVersion: subscriptionDevices.osVersion,
  deviceModel: subscriptionDevices.deviceModel,
  userAgent: subscriptionDevices.userAgent,
  lastIp: subscriptionDevices.lastIp,
  lastPlace: subscriptionDevices.lastPlace,
  firstSeenAt: subscriptionDevices.firstSeenAt,
  lastSeenAt: subscriptionDevices.lastSeenAt,
};

const subscriptionNotFound = () => new DomainError("NOT_FOUND", "subscription_not_found");
const deviceNotFound = () => new DomainError("NOT_FOUND", "device_not_found");

/** The subscription and its plan's limit; `ownerId` scopes it to one user (someone else's is "not found"). */
async function subscriptionOrThrow(db: Db, id: string, ownerId?: string): Promise<{ id: string; userId: string; limit: number }> {
  const where = ownerId ? and(eq(subscriptions.id, id), eq(subscriptions.userId, ownerId)) : eq(subscriptions.id, id);
  const [s] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, limit: plans.deviceLimit })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(where)
    .limit(1);
  if (!s) throw subscriptionNotFound();
  return s;
}

async function listFor(db: Db, sub: { id: string; limit: number }, raw: unknown): Promise<DeviceList> {
  const input = parseInput(ListDevicesInput, raw ?? {});
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(subscriptionDevices)
      .where(eq(subscriptionDevices.subscriptionId, sub.id))
      .orderBy(desc(subscriptionDevices.lastSeenAt), desc(subscriptionDevices.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id)),
  ]);
  return { subscriptionId: sub.id, limit: sub.limit, total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize, rows };
}

/** Deletes the device of that subscription; answers what was removed (for the audit row and the cache). */
async function removeFrom(db: Db, subscriptionId: string, deviceId: string): Promise<{ hwidHash: string; deviceModel: string; deviceOs: string }> {
  const [gone] = await db
    .delete(subscriptionDevices)
    .where(and(eq(subscriptionDevices.id, deviceId), eq(subscriptionDevices.subscriptionId, subscriptionId)))
    .returning({ hwidHash: subscriptionDevices.hwidHash, deviceModel: subscriptionDevices.deviceModel, deviceOs: subscriptionDevices.deviceOs });
  if (!gone) throw deviceNotFound();
  return gone;
}

// After the commit: this process's content endpoint must not keep admitting the device from memory
// (forgetting earlier would let a fetch in between cache the row again before the delete lands).
async function removeAndForget(ctx: Ctx, subscriptionId: string, change: (tx: Db) => Promise<{ hwidHash: string }>): Promise<{ removed: true }> {
  const gone = await ctx.db.transaction(change);
  forgetDevice(subscriptionId, gone.hwidHash);
  return { removed: true };
}

export async function listMyDevices(ctx: Ctx, subscriptionId: string, raw: unknown = {}): Promise<DeviceList> {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), subscriptionId);
  return listFor(ctx.db, await subscriptionOrThrow(ctx.db, id, userId), raw);
}

/** The owner removes a device; a device of anyone else's subscription is "not found". */
export async function removeMyDevice(ctx: Ctx, raw: unknown): Promise<{ removed: true }> {
  const { userId } = requireUser(ctx);
  const input = parseInput(RemoveDeviceInput, raw);
  return removeAndForget(ctx, input.subscriptionId, async (tx) => {
    try {
      await subscriptionOrThrow(tx, input.subscriptionId, userId);
    } catch {
      throw deviceNotFound();
    }
    const gone = await removeFrom(tx, input.subscriptionId, input.deviceId);
    await recordAudit(ctx, { action: "subscription.device.remove", targetType: "subscription", targetId: input.subscriptionId, metadata: { deviceId: input.deviceId, model: gone.deviceModel, os: gone.deviceOs } }, tx);
    return gone;
  });
}

export async function listSubscriptionDevices(ctx: Ctx, subscriptionId: string, raw: unknown = {}): Promise<DeviceList> {
  requireAdmin(ctx, "subscriptions.read");
  const id = parseInput(z.uuid(), subscriptionId);
  return listFor(ctx.db, await subscriptionOrThrow(ctx.db, id), raw);
}

export async function removeSubscriptionDevice(ctx: Ctx, raw: unknown): Promise<{ removed: true }> {
  requireAdmin(ctx, "subscriptions.write");
  const input = parseInput(RemoveDeviceInput, raw);
  return removeAndForget(ctx, input.subscriptionId, async (tx) => {
    await subscriptionOrThrow(tx, input.subscriptionId);
    const gone = await removeFrom(tx, input.subscriptionId, input.deviceId);
    await recordAudit(ctx, { action: "admin.subscription.device.remove", targetType: "subscription", targetId: input.subscriptionId, metadata: { deviceId: input.deviceId, model: gone.deviceModel, os: gone.deviceOs } }, tx);
    return gone;
  });
}

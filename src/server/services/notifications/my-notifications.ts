// The caller's own notifications: list with the unread count, mark read (one or all), delete one,
// delete the read ones, and the kinds that also come by mail. Someone else's notification is "not found".
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { DEFAULT_MAIL_KINDS, NOTIFICATION_KINDS, notifications, users, type NotificationKind } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";

// Exported for the OpenAPI document (src/server/openapi), which shows it as the query of GET /api/notifications.
export const ListInput = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.preprocess((v) => v === true || v === "1" || v === "true", z.boolean()).default(false),
});
const id = z.uuid();
const notFound = () => new DomainError("NOT_FOUND", "notification_not_found");

export async function listMyNotifications(ctx: Ctx, raw: unknown = {}) {
  const { userId } = requireUser(ctx);
  const { page, pageSize, unread } = parseInput(ListInput, raw);
  const mine = eq(notifications.userId, userId);
  const where = unread ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, [total], [unreadCount]] = await Promise.all([
    ctx.db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(notifications).where(where),
    ctx.db.select({ n: count() }).from(notifications).where(and(mine, isNull(notifications.readAt))),
  ]);
  return { rows, total: total?.n ?? 0, unread: unreadCount?.n ?? 0, page, pageSize };
}

/** For the bell on every page: one indexed count. */
export async function unreadNotificationCount(ctx: Ctx): Promise<number> {
  const { userId } = requireUser(ctx);
  const [row] = await ctx.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markNotificationRead(ctx: Ctx, notificationId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  const nid = parseInput(id, notificationId);
  const [row] = await ctx.db.select({ readAt: notifications.readAt }).from(notifications).where(and(eq(notifications.id, nid), eq(notifications.userId, userId)));
  if (!row) throw notFound();
  // Read once: the first time it was read is kept.
  if (!row.readAt) await ctx.db.update(notifications).set({ readAt: ctx.now() }).where(and(eq(notifications.id, nid), isNull(notifications.readAt)));
}

export async function markAllNotificationsRead(ctx: Ctx): Promise<{ updated: number }> {
  const { userId } = requireUser(ctx);
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function deleteNotification(ctx: Ctx, notificationId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, parseInput(id, notificationId)), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound();
}

/** Deletes the caller's read notifications; unread ones stay. */
export async function clearReadNotifications(ctx: Ctx): Promise<{ deleted: number }> {
  const { userId } = requireUser(ctx);
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { deleted: rows.length };
}

export async function getMyMailKinds(ctx: Ctx): Promise<NotificationKind[]> {
  const { userId } = requireUser(ctx);
  const [row] = await ctx.db.select({ kinds: users.mailNotificationKinds }).from(users).where(eq(users.id, userId));
  return (row?.kinds as NotificationKind[] | null) ?? DEFAULT_MAIL_KINDS;
}

const MailKinds = z.object({ kinds: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length) });

export async function updateMyMailKinds(ctx: Ctx, raw: unknown): Promise<NotificationKind[]> {
  const { userId } = requireUser(ctx);
  const kinds = [...new Set(parseInput(MailKinds, raw).kinds)];
  await ctx.db.update(users).set({ mailNotificationKinds: kinds, updatedAt: ctx.now() }).where(eq(users.id, userId));
  return kinds;
}

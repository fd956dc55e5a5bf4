// Reminders (every 15 min, on every instance): a notification when an ACTIVE subscription expires
// within 3 days, and when a limited one has used 80 % of its traffic. Each is sent once, by its dedupe
// key: once per expiry date (a renewal moves the date, so the next expiry is announced again) and
// once per reset period. notify() inserts on the unique (user, dedupe key), so two instances sending
// the same reminder at once still make one notification and at most one mail.
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, plans, subscriptions } from "../../db/schema";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { notify } from "../notifications/notify";
import { kickTasks } from "../tasks";

export const EXPIRY_NOTICE_MS = 3 * 86_400_000;
export const TRAFFIC_NOTICE_PERCENT = 80;

export const expiringKey = (id: string, expiresAt: Date) => `sub-expiring:${id}:${expiresAt.getTime()}`;
export const trafficKey = (id: string, periodStart: Date) => `sub-traffic80:${id}:${periodStart.getTime()}`;

interface Due { userId: string; key: string; send: () => Promise<unknown> }

export async function sendReminders(db: Db, now = new Date()): Promise<{ expiring: number; traffic: number }> {
  const expiring = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, expiresAt: subscriptions.expiresAt, plan: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.status, "ACTIVE"), gt(subscriptions.expiresAt, now), lte(subscriptions.expiresAt, new Date(now.getTime() + EXPIRY_NOTICE_MS))));
  const heavy = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, startsAt: subscriptions.startsAt, lastResetAt: subscriptions.lastTrafficResetAt, used: subscriptions.trafficUsedBytes, limit: subscriptions.trafficLimitBytes, plan: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.status, "ACTIVE"),
        gt(subscriptions.trafficLimitBytes, 0),
        sql`${subscriptions.trafficUsedBytes} * 100 >= ${subscriptions.trafficLimitBytes} * ${TRAFFIC_NOTICE_PERCENT}`,
      ),
    );

  const due: (Due & { kind: "expiring" | "traffic" })[] = [
    ...expiring.map((s) => ({
      kind: "expiring" as const,
      userId: s.userId,
      key: expiringKey(s.id, s.expiresAt),
      send: () =>
        notify(db, {
          userId: s.userId,
          type: "SUBSCRIPTION",
          level: "WARNING",
          text: { key: "subscriptionExpiring", params: { plan: s.plan, expiresAt: { at: s.expiresAt } } },
          link: "/subscriptions",
          dedupeKey: expiringKey(s.id, s.expiresAt),
        }),
    })),
    ...heavy.map((s) => {
      const key = trafficKey(s.id, s.lastResetAt ?? s.startsAt);
      return {
        kind: "traffic" as const,
        userId: s.userId,
        key,
        send: () =>
          notify(db, {
            userId: s.userId,
            type: "SUBSCRIPTION",
            level: "WARNING",
            text: { key: "subscriptionTraffic80", params: { plan: s.plan, percent: Math.min(100, Math.floor((s.used * 100) / s.limit)) } },
            link: "/subscriptions",
            dedupeKey: key,
          }),
      };
    }),
  ];
  if (due.length === 0) return { expiring: 0, traffic: 0 };

  // Already sent ones are skipped with one query, so a quiet tick writes nothing (notify would also
  // refuse them, but only after reading the user and trying the insert).
  const sent = new Set<string>();
  const keys = due.map((d) => d.key);
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db.select({ userId: notifications.userId, key: notifications.dedupeKey }).from(notifications).where(inArray(notifications.dedupeKey, keys.slice(i, i + 500)));
    for (const r of rows) sent.add(`${r.userId} ${r.key}`);
  }
  const counts = { expiring: 0, traffic: 0 };
  for (const d of due) {
    if (sent.has(`${d.userId} ${d.key}`)) continue;
    try {
      if (await d.send()) counts[d.kind]++;
    } catch (err) {
      log.error("reminder failed", { userId: d.userId, key: d.key, error: describeError(err) });
    }
  }
  if (counts.expiring + counts.traffic > 0) kickTasks();
  return counts;
}

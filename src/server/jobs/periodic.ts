// Periodic jobs of the commerce area, run by every instance: each is safe to run concurrently
// (conditional updates; chain receipts are inserted once), so no cross-instance lock is needed.
import type { Db } from "../db/client";
import { env } from "../env";
import { describeError } from "../describe-error";
import { log } from "../logger";
import { expireDueOrders } from "../services/orders";
import { pollUsdtReceipts } from "../services/payments";
import { expireDueSubscriptions, reconcileAllNodes, resetDueTraffic, sendReminders, syncAllTraffic } from "../services/subscription-lifecycle";
import { ensureAccessLogPartitions, runAutomaticLogCleanup } from "../services/logs";
import { runScheduledBackup } from "../services/backup";
import { pruneAgentData } from "../services/telemetry";
import { expireDueRecharges } from "../services/wallet/recharge-expiry";
import { expireDueTransfers } from "../services/wallet/transfers-admin";
import { expireDueCards } from "../services/wallet/cards";
import { AUTO_RENEW_EVERY_MS, runAutoRenew } from "../services/wallet/auto-renew-job";
import { DAILY_DIGEST_EVERY_MS, NODE_ALERTS_EVERY_MS, runDailyDigest, runNodeAlerts } from "../services/node-alerts";
import { expireGifts } from "../services/gifts/expire";

interface Job { name: string; everyMs: number; run: (db: Db) => Promise<unknown> }

export const PERIODIC_JOBS: Job[] = [
  { name: "orders.expire", everyMs: 60_000, run: (db) => expireDueOrders(db) },
  { name: "payments.usdt-poll", everyMs: 30_000, run: (db) => pollUsdtReceipts(db) },
  // [wallet] Pending recharges past their time are cancelled ("expired"); nothing in the base edition.
  { name: "wallet.recharges-expire", everyMs: 60_000, run: (db) => expireDueRecharges(db) },
  // [wallet] Subscription transfers unanswered for 24 hours: expired, the subscription and any fee back to the sender.
  { name: "wallet.transfers-expire", everyMs: 60_000, run: (db) => expireDueTransfers(db) },
  // [wallet] Unused prepaid cards past their date: expired, a plan card's stock unit given back once.
  { name: "wallet.cards-expire", everyMs: 60_000, run: (db) => expireDueCards(db) },
  // Subscription lifecycle (services/subscription-lifecycle): each safe on every instance at once.
  // [wallet] Auto-renew from the balance: a reminder and a renewal once per period (auto_renew_runs claims); nothing in the base edition.
  { name: "wallet.auto-renew", everyMs: AUTO_RENEW_EVERY_MS, run: (db) => runAutoRenew(db) },
  { name: "subscriptions.expire", everyMs: 60_000, run: (db) => expireDueSubscriptions(db) },
  // Unclaimed gifts past giftClaimDays: expired, the price back to the buyer once (balance or GF coupon), the stock unit released.
  { name: "gifts.expire", everyMs: 60_000, run: (db) => expireGifts(db) },
  { name: "subscriptions.traffic-sync", everyMs: 60_000, run: (db) => syncAllTraffic(db) },
  { name: "subscriptions.traffic-reset", everyMs: 5 * 60_000, run: (db) => resetDueTraffic(db) },
  { name: "nodes.reconcile", everyMs: 10 * 60_000, run: (db) => reconcileAllNodes(db) },
  // Node alerts: an outage opens one incident and raises node.offline once (open-incident unique index), recovery node.online once; safe on every instance.
  { name: "nodes.alerts", everyMs: NODE_ALERTS_EVERY_MS, run: (db) => runNodeAlerts(db) },
  // The administrators' daily digest after 08:00 site time: yesterday is claimed in app_config, so one instance sends it.
  { name: "digest.daily", everyMs: DAILY_DIGEST_EVERY_MS, run: (db) => runDailyDigest(db) },
  { name: "subscriptions.reminders", everyMs: 15 * 60_000, run: (db) => sendReminders(db) },
  // Answered agent batch keys after a day, health samples after logRetentionDays, in bounded batches.
  { name: "agents.prune", everyMs: 15 * 60_000, run: (db) => pruneAgentData(db) },
  // Log retention: ticks everywhere, but the day is claimed in the database, so one instance runs it.
  { name: "logs.cleanup", everyMs: 15 * 60_000, run: (db) => runAutomaticLogCleanup(db) },
  // The access log's day partitions, a week ahead; on every instance (making one twice is harmless),
  // and whether or not the cleanup is enabled (services/logs/access-partitions.ts).
  { name: "logs.access-partitions", everyMs: 60 * 60_000, run: (db) => ensureAccessLogPartitions(db) },
  // Scheduled dumps (off by default): the day is claimed in the database, like the log cleanup.
  { name: "backup.scheduled", everyMs: 15 * 60_000, run: (db) => runScheduledBackup(db) },
];

/** `everyMs` (JOBS_INTERVAL_MS, tests only) replaces every job's own interval. */
export function startPeriodicJobs(db: Db, jobs = PERIODIC_JOBS, everyMs = env().JOBS_INTERVAL_MS) {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = job
        .run(db)
        .catch((err: unknown) => log.error("periodic job failed", { job: job.name, error: describeError(err) }))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    return setInterval(tick, everyMs ?? job.everyMs);
  });
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}

// The daily digest, once a day for the whole site: every instance ticks, and the first tick after
// DIGEST_LOCAL_HOUR on the site's clock claims yesterday with one conditional UPDATE of the
// `dailyDigestDay` row in app_config (the once-a-day claim of the log cleanup and the backups,
// logs/auto-cleanup.ts, keyed by the day it reports instead of the time it ran). PostgreSQL
// serialises concurrent updates of the row and re-checks the WHERE against the winner's value, so
// of several instances exactly one gets the row back.
//
// The claim, the mails (outbox tasks) and every other sink's work (the Telegram digest) are written
// in ONE transaction: a crash before commit leaves the day unclaimed, and the next tick sends it.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activeStaffWith } from "../staff/holders";
import { env } from "../../env";
import { queueMail } from "../../integrations/mail";
import { localDays, localHourOf } from "../dashboard/day-windows";
import { textLocale } from "../notifications/texts";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks/enqueue-task";
import { buildDailyDigest, type DailyDigest } from "./daily-digest";
import { renderDigest } from "./render-digest";

export const DIGEST_DAY_SETTING = "dailyDigestDay";
/**
 * The digest goes out from 08:00 on the site's clock (UTC+8): that is UTC midnight, when the UTC
 * traffic day it reports has just closed, and early enough to read with the morning's first coffee.
 */
export const DIGEST_LOCAL_HOUR = 8;
/** How often the job ticks; the claim makes every tick after the first of the day a no-op. */
export const DAILY_DIGEST_EVERY_MS = 15 * 60_000;

/**
 * Another channel for the digest (the Telegram bot). Runs inside the claim's transaction, once per
 * day: it may only write rows and enqueue tasks there, never send anything itself.
 */
export type DigestSink = (digest: DailyDigest, tx: Db) => Promise<void>;

const g = globalThis as unknown as { __relayboardDigestSinks?: Map<string, DigestSink> };
const sinks = (g.__relayboardDigestSinks ??= new Map<string, DigestSink>());

/** Adds (or replaces) the sink of that name; returns what removes it again. */
export function registerDigestSink(name: string, sink: DigestSink): () => void {
  sinks.set(name, sink);
  return () => {
    if (sinks.get(name) === sink) sinks.delete(name);
  };
}

export type DailyDigestResult = { sent: false; why: "disabled" | "not_due" } | { sent: true; day: string; digest: DailyDigest; mailed: number };

/** The local day a digest at `now` reports: yesterday on the site's clock. */
export const digestDayFor = (now: Date): string => localDays(now, 2)[0]!;

/** True when this caller took `day`; a day already sent (or a later one) is not taken again. */
async function claimDigestDay(tx: Db, day: string, now: Date): Promise<boolean> {
  const r = (await tx.execute(sql`
    update app_config set value = to_jsonb(${day}::text), updated_at = ${now.toISOString()}::timestamptz
    where key = ${DIGEST_DAY_SETTING}
      and (jsonb_typeof(value) <> 'string' or (value #>> '{}') < ${day}::text)
    returning key`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

export async function sendDailyDigest(db: Db, now: Date = new Date()): Promise<DailyDigestResult> {
  const settings = await getSettingsWithSecrets(db);
  if (!settings.dailyDigestEnabled) return { sent: false, why: "disabled" };
  if (localHourOf(now) < DIGEST_LOCAL_HOUR) return { sent: false, why: "not_due" };
  const day = digestDayFor(now);
  await db.execute(sql`insert into app_config (key, value) values (${DIGEST_DAY_SETTING}, 'null'::jsonb) on conflict (key) do nothing`);
  const result = await db.transaction(async (tx): Promise<DailyDigestResult> => {
    if (!(await claimDigestDay(tx, day, now))) return { sent: false, why: "not_due" };
    const digest = await buildDailyDigest(tx, day, now);
    // A site without SMTP mails nothing (as notify() does): a mail task that can only fail is noise.
    const mailed = settings.smtpHost ? await mailAdmins(tx, digest, settings.siteUrl || env().appUrl) : 0;
    for (const sink of sinks.values()) await sink(digest, tx);
    return { sent: true, day, digest, mailed };
  });
  if (result.sent) kickTasks();
  return result;
}

/** The periodic job's entry point. */
export const runDailyDigest = (db: Db, now: Date = new Date()) => sendDailyDigest(db, now);

async function mailAdmins(tx: Db, digest: DailyDigest, siteUrl: string): Promise<number> {
  // The digest is the dashboard's figures: staff whose role reads the dashboard (issue 29).
  const admins = await activeStaffWith(tx, "dashboard.read");
  const link = new URL("/admin", siteUrl).toString();
  for (const admin of admins) {
    const locale = textLocale(admin.locale);
    const { subject, text } = renderDigest(locale, digest);
    await queueMail(tx, { to: admin.email, template: "daily-digest", locale, title: subject, body: text, link });
  }
  return admins.length;
}

// Device limits on subscription fetches (issue 11, item 5; protocols §8.5). A fetch that carries a
// valid x-hwid registers the device on each subscription it fetches (a keyed hash, never the id
// itself); a new device over the plan's limit is refused and the owner told. A fetch without one is
// never refused by this rule: such clients are left to the geography checks.
//
// Cost on the busiest URL: a device this process wrote within DEVICE_REFRESH_MS costs no query; a
// known device otherwise costs one statement (refresh + count); only a new device takes a short
// transaction, serialized per subscription by an advisory lock so two new devices fetched at the same
// moment cannot both take the last place.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { keyedHash, keyedHashCandidates } from "../../crypto/secrets";
import { describeError } from "../../describe-error";
import type { Place } from "../../integrations/geoip";
import { log } from "../../logger";
import { notify } from "../notifications/notify";
import { firstNotice, recentlySeen, rememberCount, rememberSeen } from "./device-cache";
import type { DeviceInfo } from "./device-headers";

export { listMyDevices, listSubscriptionDevices, removeMyDevice, removeSubscriptionDevice } from "./device-list";

/** keyedHash purpose of subscription_devices.hwidHash. */
export const HWID_HASH_PURPOSE = "device-hwid";

/** What the device rule needs of a subscription (the content gate's SubjectSubscription has it). */
export interface DeviceSubject {
  id: string;
  userId: string;
  planName: string;
  /** 0 = no limit (devices are still recorded). */
  deviceLimit: number;
}

export interface AdmitDeviceInput<S extends DeviceSubject> {
  /** What the gate admitted: one subscription, or the aggregate link's live ones. */
  subscriptions: S[];
  device: DeviceInfo;
  ip: string;
  place: Place | null;
  now: Date;
}

export interface DeviceAdmission<S extends DeviceSubject> {
  /** False only when every subscription refused this device (and there was at least one). */
  allowed: boolean;
  /** The subscriptions to serve: those that did not refuse the device. */
  subscriptions: S[];
  /** On refusal: the limit to name in the error (the first refusing subscription's). */
  limit: number;
  /** The response headers clients read (protocols §8.5). */
  headers: Record<string, string>;
}

const placeText = (p: Place | null) => (p ? [p.country, p.region, p.city].filter(Boolean).join("/") : "");
/** The day a refusal notification is deduplicated by (Asia/Shanghai, UTC+8 all year). */
const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const uuidArray = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;
const textArray = (v: string[]) => sql`${sql.param(v)}::text[]`;

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

export async function admitDevice<S extends DeviceSubject>(db: Db, input: AdmitDeviceInput<S>): Promise<DeviceAdmission<S>> {
  const { subscriptions: subs, device, now } = input;
  const limited = subs.some((s) => s.deviceLimit > 0);
  const headers: Record<string, string> = limited ? { "x-hwid-active": "true" } : {};
  if (!device.hwid || subs.length === 0) {
    if (limited) headers["x-hwid-not-supported"] = "true";
    return { allowed: true, subscriptions: subs, limit: 0, headers };
  }
  const hash = keyedHash(device.hwid, HWID_HASH_PURPOSE);
  const t = now.getTime();
  const counts = new Map<string, number>();
  const refused = new Set<string>();
  const due: S[] = [];
  for (const s of subs) {
    const seen = recentlySeen(s.id, hash, t);
    if (seen) counts.set(s.id, seen.count);
    else due.push(s);
  }
  if (due.length) {
    const candidates = keyedHashCandidates(device.hwid, HWID_HASH_PURPOSE);
    const touched = await touchKnown(db, due, hash, candidates, input);
    for (const s of due) {
      const r = touched.get(s.id) ?? { known: false, count: 0 };
      if (r.known) {
        rememberSeen(s.id, hash, t, r.count);
        counts.set(s.id, r.count);
        continue;
      }
      const reg = await register(db, s, hash, candidates, input);
      counts.set(s.id, reg.count);
      if (reg.admitted) rememberSeen(s.id, hash, t, reg.count);
      else {
        rememberCount(s.id, reg.count);
        refused.add(s.id);
        await tellOwner(db, s, hash, device, now);
      }
    }
  }
  if (subs.some((s) => s.deviceLimit > 0 && (counts.get(s.id) ?? 0) >= s.deviceLimit)) headers["x-hwid-limit"] = "true";
  const served = subs.filter((s) => !refused.has(s.id));
  if (served.length === 0) {
    headers["x-hwid-max-devices-reached"] = "true";
    return { allowed: false, subscriptions: [], limit: subs.find((s) => refused.has(s.id))!.deviceLimit, headers };
  }
  return { allowed: true, subscriptions: served, limit: 0, headers };
}

/**
 * One statement for the subscriptions this process has no recent word on: refreshes the device's row
 * where it exists (moving a hash made under a previous key to the current one) and counts each
 * subscription's devices. Model and OS only change when the client sent them this time.
 */
async function touchKnown(db: Db, subs: DeviceSubject[], hash: string, candidates: string[], input: AdmitDeviceInput<DeviceSubject>) {
  const d = input.device;
  const ids = subs.map((s) => s.id);
  const keep = (col: string, v: string) => sql`case when ${v} = '' then ${sql.raw(col)} else ${v} end`;
  const result = await db.execute(sql`
    with touched as (
      update subscription_devices set hwid_hash = ${hash},
        last_seen_at = greatest(last_seen_at, ${input.now}::timestamptz), last_ip = ${input.ip}, last_place = ${placeText(input.place)},
        device_os = ${keep("device_os", d.deviceOs)}, os_version = ${keep("os_version", d.osVersion)},
        device_model = ${keep("device_model", d.deviceModel)}, user_agent = ${keep("user_agent", d.userAgent)}
      where subscription_id = any(${uuidArray(ids)}) and hwid_hash = any(${textArray(candidates)})
      returning subscription_id)
    select s.id::text as subscription_id, exists (select 1 from touched t where t.subscription_id = s.id) as known,
      (select count(*)::int from subscription_devices d where d.subscription_id = s.id) as n
    from unnest(${uuidArray(ids)}) as s(id)`);
  return new Map(rowsOf(result).map((r) => [String(r.subscription_id), { known: Boolean(r.known), count: Number(r.n) }]));
}

/**
 * A device new to this subscription: registered unless the limit is reached. The advisory lock
 * serializes registrations of one subscription (and never blocks its row for anything else); under
 * it, the count and the insert are one statement, and a registration that won the race for the same
 * device just before us is found and accepted.
 */
async function register(db: Db, s: DeviceSubject, hash: string, candidates: string[], input: AdmitDeviceInput<DeviceSubject>): Promise<{ admitted: boolean; count: number }> {
  const d = input.device;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscription-devices:${s.id}`}))`);
    const result = await tx.execute(sql`
      with existing as (
        select id from subscription_devices where subscription_id = ${s.id}::uuid and hwid_hash = any(${textArray(candidates)})),
      n as (select count(*)::int as c from subscription_devices where subscription_id = ${s.id}::uuid),
      ins as (
        insert into subscription_devices (subscription_id, user_id, hwid_hash, device_os, os_version, device_model, user_agent, last_ip, last_place, first_seen_at, last_seen_at)
        select ${s.id}::uuid, ${s.userId}::uuid, ${hash}::text, ${d.deviceOs}::text, ${d.osVersion}::text, ${d.deviceModel}::text, ${d.userAgent}::text, ${input.ip}::text,
          ${placeText(input.place)}::text, ${input.now}::timestamptz, ${input.now}::timestamptz
        where not exists (select 1 from existing) and (${s.deviceLimit}::int = 0 or (select c from n) < ${s.deviceLimit}::int)
        returning id)
      select exists (select 1 from existing) as existing, exists (select 1 from ins) as inserted, (select c from n) as n`);
    const r = rowsOf(result)[0]!;
    const n = Number(r.n);
    if (r.existing) return { admitted: true, count: n };
    if (r.inserted) return { admitted: true, count: n + 1 };
    return { admitted: false, count: n };
  });
}

/** The owner hears of a refused device once per device and day (notify's dedupe key holds across instances). */
async function tellOwner(db: Db, s: DeviceSubject, hash: string, device: DeviceInfo, now: Date): Promise<void> {
  const key = `device-limit:${s.id}:${hash.slice(0, 24)}:${shanghaiDay(now)}`;
  if (!firstNotice(key)) return;
  const label = [device.deviceModel, [device.deviceOs, device.osVersion].filter(Boolean).join(" ")].filter(Boolean).join(", ") || device.userAgent.slice(0, 60) || "?";
  try {
    await db.transaction((tx) =>
      notify(tx, {
        userId: s.userId,
        type: "SUBSCRIPTION",
        level: "WARNING",
        text: { key: "subscriptionDeviceLimit", params: { plan: s.planName, limit: s.deviceLimit, device: label } },
        link: `/subscriptions/${s.id}`,
        dedupeKey: key,
      }),
    );
  } catch (err) {
    // The refusal stands either way; a notification that failed is logged, not retried on the hot path.
    log.error("device limit notification failed", { subscriptionId: s.id, error: describeError(err) });
  }
}

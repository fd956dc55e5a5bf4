// Incremental geo variance (behaviour §8, §14.10). Each access upserts one row per place kind
// (country, region, city) of its scope into risk_geo_marks; the check then counts the scope's marks
// seen inside the window: a few rows read by primary key, never a scan of the access log.
// A per-process memory of recently written marks skips the write entirely for a place the scope was
// seen at minutes ago, so a client polling from home costs no query at all.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { GeoMarkKind } from "../../db/schema";
import type { Place } from "../../integrations/geoip";

export interface PlaceMark {
  kind: GeoMarkKind;
  /** "CN", "CN/Zhejiang", "CN/Zhejiang/Hangzhou": a region or city is named within its parent. */
  place: string;
}

/** The marks a place makes: always its country; its region and city only when the database knows them. */
export function placeMarks(p: Place): PlaceMark[] {
  const marks: PlaceMark[] = [{ kind: "COUNTRY", place: p.country }];
  if (p.region) marks.push({ kind: "REGION", place: `${p.country}/${p.region}` });
  if (p.region && p.city) marks.push({ kind: "CITY", place: `${p.country}/${p.region}/${p.city}` });
  else if (p.city) marks.push({ kind: "CITY", place: `${p.country}//${p.city}` });
  return marks;
}

/** A mark rewritten sooner than this only moves lastSeenAt by minutes in a window of hours: skipped. */
const REFRESH_MS = 5 * 60_000;
const MEMORY_MAX = 200_000;
const g = globalThis as unknown as { __relayboardGeoMarkMemory?: Map<string, number> };
const memory = (g.__relayboardGeoMarkMemory ??= new Map<string, number>());

/** Tests that travel in time, or change marks behind our back, start from a clean memory. */
export function forgetGeoMarkMemory(): void {
  memory.clear();
}

export interface ScopedMark extends PlaceMark {
  scopeKey: string;
}

/**
 * Writes the marks (one statement) and returns the scopes with a *fresh* mark: a place new to the
 * scope's window (inserted, or seen last before the window began). Only those scopes can have
 * crossed a threshold, so only they are counted. A place that re-enters the window after leaving it
 * is fresh again and no longer acknowledged: an admin's release covered what was seen then.
 */
export async function writeMarks(db: Db, marks: ScopedMark[], now: Date, windowStart: Date): Promise<Map<string, Set<GeoMarkKind>>> {
  const fresh = new Map<string, Set<GeoMarkKind>>();
  const t = now.getTime();
  const due = new Map<string, ScopedMark>();
  for (const m of marks) {
    const key = `${m.scopeKey}|${m.kind}|${m.place}`;
    const last = memory.get(key);
    if (last !== undefined && t - last < REFRESH_MS && last <= t) continue;
    due.set(key, m);
  }
  if (due.size === 0) return fresh;
  const list = [...due.values()];
  // Remembered before the write, so a burst of concurrent requests from one place writes once (the
  // others skip it like a recent write); forgotten again if the write fails.
  if (memory.size + list.length > MEMORY_MAX) memory.clear();
  for (const key of due.keys()) memory.set(key, t);
  let result: { rows: { scope_key: string; kind: GeoMarkKind; fresh: boolean }[] };
  try {
    result = (await db.execute(sql`
    insert into risk_geo_marks (scope_key, kind, place, first_seen_at, last_seen_at)
    select s, k, p, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${sql.param(list.map((m) => m.scopeKey))}::text[], ${sql.param(list.map((m) => m.kind))}::text[], ${sql.param(list.map((m) => m.place))}::text[]) as u(s, k, p)
    on conflict (scope_key, kind, place) do update set
      first_seen_at = case when risk_geo_marks.last_seen_at < ${windowStart}::timestamptz then excluded.first_seen_at else risk_geo_marks.first_seen_at end,
      acknowledged = risk_geo_marks.acknowledged and risk_geo_marks.last_seen_at >= ${windowStart}::timestamptz,
      last_seen_at = greatest(risk_geo_marks.last_seen_at, excluded.last_seen_at)
    returning scope_key, kind, (first_seen_at = ${now}::timestamptz and not acknowledged) as fresh`)) as unknown as typeof result;
  } catch (err) {
    for (const key of due.keys()) if (memory.get(key) === t) memory.delete(key);
    throw err;
  }
  for (const r of result.rows) {
    if (!r.fresh) continue;
    let kinds = fresh.get(r.scope_key);
    if (!kinds) fresh.set(r.scope_key, (kinds = new Set()));
    kinds.add(r.kind);
  }
  return fresh;
}

export type PlaceCounts = Record<GeoMarkKind, number>;

/** Distinct places per kind seen inside the window, for each scope asked about (one statement). */
export async function countMarks(db: Db, scopeKeys: string[], windowStart: Date): Promise<Map<string, { counts: PlaceCounts; places: Record<GeoMarkKind, string[]> }>> {
  const out = new Map<string, { counts: PlaceCounts; places: Record<GeoMarkKind, string[]> }>();
  if (scopeKeys.length === 0) return out;
  const result = (await db.execute(sql`
    select scope_key, kind, count(*)::int as n, (array_agg(place order by last_seen_at desc))[1:20] as places
    from risk_geo_marks
    where scope_key = any(${sql.param(scopeKeys)}::text[]) and last_seen_at >= ${windowStart}::timestamptz
    group by scope_key, kind`)) as unknown as { rows: { scope_key: string; kind: GeoMarkKind; n: number; places: string[] }[] };
  for (const r of result.rows) {
    let e = out.get(r.scope_key);
    if (!e) out.set(r.scope_key, (e = { counts: { COUNTRY: 0, REGION: 0, CITY: 0 }, places: { COUNTRY: [], REGION: [], CITY: [] } }));
    e.counts[r.kind] = Number(r.n);
    e.places[r.kind] = r.places;
  }
  return out;
}

// What this process knows about devices, so the content endpoint (the busiest URL) answers a device
// it saw minutes ago without a query: when each (subscription, device) row was last written, and how
// many devices each subscription had then. On globalThis, because the custom server and Next's bundled
// code load their own copies of this module and a removal on the web page must reach the endpoint's.
//
// Staleness is bounded: an entry is trusted for REFRESH_MS, then the fetch writes the row again and
// so finds out whether it still exists. A device removed through another instance can therefore keep
// fetching there for at most REFRESH_MS; a removal in this process forgets the entry at once.

/** How often a known device's lastSeenAt, lastIp, lastPlace and model are written at most. */
export const DEVICE_REFRESH_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

interface State {
  /** `${subscriptionId}|${hwidHash}` -> when its row was last written (ms). */
  seen: Map<string, number>;
  /** subscriptionId -> devices registered, as of the last time this process looked or changed it. */
  counts: Map<string, number>;
  /** Refusal notifications already made (`${subscriptionId}|${hwidHash}|${day}`). */
  notified: Set<string>;
}
const g = globalThis as unknown as { __relayboardDeviceCache?: State };
const state: State = (g.__relayboardDeviceCache ??= { seen: new Map(), counts: new Map(), notified: new Set() });

// Map keeps insertion order: re-inserting on write and dropping from the front evicts the entry
// written longest ago.
function put<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

const seenKey = (subscriptionId: string, hwidHash: string) => `${subscriptionId}|${hwidHash}`;

/** The registered count when this device's row was written recently enough to trust, else null. */
export function recentlySeen(subscriptionId: string, hwidHash: string, now: number): { count: number } | null {
  const at = state.seen.get(seenKey(subscriptionId, hwidHash));
  const count = state.counts.get(subscriptionId);
  if (at === undefined || count === undefined || at > now || now - at >= DEVICE_REFRESH_MS) return null;
  return { count };
}

export function rememberSeen(subscriptionId: string, hwidHash: string, now: number, count: number): void {
  put(state.seen, seenKey(subscriptionId, hwidHash), now);
  put(state.counts, subscriptionId, count);
}

export function rememberCount(subscriptionId: string, count: number): void {
  put(state.counts, subscriptionId, count);
}

/** A device removed here: its next fetch must go to the database (and so meet the limit again). */
export function forgetDevice(subscriptionId: string, hwidHash: string): void {
  state.seen.delete(seenKey(subscriptionId, hwidHash));
  state.counts.delete(subscriptionId);
}

/** True the first time a key is offered (the notification is then made), false afterwards. */
export function firstNotice(key: string): boolean {
  if (state.notified.has(key)) return false;
  if (state.notified.size >= MAX_ENTRIES) state.notified.clear();
  state.notified.add(key);
  return true;
}

/** Tests that play another instance, a restart or a later time start from an empty memory. */
export function forgetDeviceCache(): void {
  state.seen.clear();
  state.counts.clear();
  state.notified.clear();
}

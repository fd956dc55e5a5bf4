// What the subscription gate needs, held in memory per instance (issue 25): the row of each fetched
// subscription with its owner, plan and node, and each aggregate link's owner with its live
// subscriptions. Loaded lazily on a fetch, bounded (SUBSCRIPTION_CACHE_ENTRIES, oldest out first),
// and kept current by the change feed (feed.ts). Served from memory only while the feed is proven
// current; otherwise every fetch reads the database as it always did (fail closed: a model that
// cannot prove itself current is never trusted). Expiry is decided at each request from expiresAt,
// so time needs no message.
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "../../../db/client";
import type { SubscriptionKind, SubscriptionStatus, UserStatus } from "../../../db/schema";
import { lastGateWriteAt } from "../../../db/gate-writes";
import { env } from "../../../env";
import { FRESH_MS, postgresFeed, pgliteFeed, type GateFeed } from "./feed";
import { TaggedStore } from "./tagged-store";
import { SETTINGS_DEFAULTS, SYSTEM_SETTINGS } from "../../settings/schema";

/** One subscription as the gate reads it (access.ts's SubjectSubscription is this, less the plan id). */
export interface GateSubscription {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  /** plans.deviceLimit: devices (x-hwid) this subscription may be fetched from; 0 = no limit. */
  deviceLimit: number;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  riskRestricted: boolean;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  trafficUpBytes: number;
  trafficDownBytes: number;
  contentVersion: number;
  nodeId: string | null;
  nodeName: string | null;
  nodeVersion: number | null;
}

export interface GateOwner { id: string; email: string; status: UserStatus }

export type OneRow = GateSubscription & { tokenHash: string; ownerEmail: string; ownerStatus: UserStatus };
export interface AggregateRow { owner: GateOwner; tokenHash: string; subscriptions: GateSubscription[] }

type Value = { kind: "one"; row: OneRow } | { kind: "all"; row: AggregateRow };

/** A change to traffic figures only (they decide nothing at the gate) is patched in, not re-read. */
const MAX_AGE_MS = 10 * 60_000;

const subTags = (s: GateSubscription): string[] => [`s:${s.id}`, `u:${s.userId}`, `p:${s.planId}`, ...(s.nodeId ? [`n:${s.nodeId}`] : [])];
const tagsOf = (v: Value): string[] => (v.kind === "one" ? subTags(v.row) : [`u:${v.row.owner.id}`, ...v.row.subscriptions.flatMap(subTags)]);

// Plans and nodes repeat across thousands of rows: one copy of each of their strings.
const INTERNED_MAX = 10_000;
const interned = new Map<string, string>();
function intern<V extends string | null>(v: V): V {
  if (v === null) return v;
  const held = interned.get(v);
  if (held !== undefined) return held as V;
  if (interned.size >= INTERNED_MAX) interned.clear();
  interned.set(v, v);
  return v;
}
const compact = <S extends GateSubscription>(s: S): S => ({ ...s, planId: intern(s.planId), planName: intern(s.planName), nodeId: intern(s.nodeId), nodeName: intern(s.nodeName) });

export class GateReadModel {
  private readonly store: TaggedStore<Value>;
  private hits = 0;
  private misses = 0;
  /** Bumped by every settings message (and a reset): the content settings cache keys on it. */
  private settingsEpoch = 0;

  constructor(private readonly feed: GateFeed, max: number, private readonly now: () => number = Date.now) {
    this.store = new TaggedStore<Value>(max, MAX_AGE_MS, tagsOf);
  }

  /**
   * Whether memory may answer: the feed is proven current, and has caught up with this process's own
   * last write to the tables the gate reads (one ping after such a write, shared by every request).
   */
  private async trusted(): Promise<boolean> {
    const at = this.feed.provenAt();
    if (at === 0 || this.now() - at >= FRESH_MS) return false;
    const wrote = lastGateWriteAt();
    return at > wrote || this.feed.settle(wrote);
  }

  /** One subscription's row: from memory when the feed is current, else (and on a miss) from `load`. */
  async one(id: string, load: () => Promise<OneRow | undefined>): Promise<OneRow | undefined> {
    const key = `s:${id}`;
    if (await this.trusted()) {
      const held = this.store.get(key, this.now());
      if (held?.kind === "one") {
        this.hits++;
        return held.row;
      }
    }
    this.misses++;
    const mark = this.store.mark();
    const row = await load();
    // Not found is not kept: a scan of random ids must not fill memory.
    if (row && this.feed.provenAt() > 0) this.store.put(key, { kind: "one", row: compact(row) }, mark, this.now());
    return row;
  }

  /** The aggregate link of the owner whose token hash is one of `hashes` (current and previous keys). */
  async aggregate(hashes: string[], load: () => Promise<AggregateRow | undefined>): Promise<AggregateRow | undefined> {
    if (await this.trusted()) {
      const t = this.now();
      for (const h of hashes) {
        const held = this.store.get(`a:${h}`, t);
        if (held?.kind === "all") {
          this.hits++;
          return held.row;
        }
      }
    }
    this.misses++;
    const mark = this.store.mark();
    const row = await load();
    if (row && this.feed.provenAt() > 0) this.store.put(`a:${row.tokenHash}`, { kind: "all", row: { ...row, subscriptions: row.subscriptions.map(compact) } }, mark, this.now(), { indexed: true });
    return row;
  }

  /** A change-feed message (payloads: migration 0020_gate_change_feed.sql). */
  message(payload: string): void {
    const [kind, id, a, b, c] = payload.split(":");
    if (!id) return;
    switch (kind) {
      case "s":
        // The subscription itself, and the aggregate links of its owner before and after (indexed:
        // no scan; the owner's other subscriptions are not concerned).
        this.store.invalidate(`s:${id}`);
        if (a) this.store.invalidate(`u:${a}`);
        if (b && b !== a) this.store.invalidate(`u:${b}`);
        return;
      case "t": {
        const up = Number(a), down = Number(b), used = Number(c);
        if (![up, down, used].every(Number.isFinite)) return this.store.invalidate(`s:${id}`);
        const set = <S extends GateSubscription>(s: S): S => (s.id === id ? { ...s, trafficUpBytes: up, trafficDownBytes: down, trafficUsedBytes: used } : s);
        this.store.patch(`s:${id}`, (v) => (v.kind === "one" ? { kind: "one", row: set(v.row) } : { kind: "all", row: { ...v.row, subscriptions: v.row.subscriptions.map(set) } }));
        return;
      }
      case "c":
        // A setting changed (migration 0022): the content settings are read again. Other app_config
        // rows (job claims, the Telegram poll lease renewed every 10 s) are not settings.
        if (id in SETTINGS_DEFAULTS && !(SYSTEM_SETTINGS as readonly string[]).includes(id)) this.settingsEpoch++;
        return;
      case "u":
      case "p":
      case "n":
        // An owner's status, email or token, a plan, a node: rare, so found by a scan.
        this.store.invalidate(`${kind}:${id}`, { scan: true });
        return;
      default:
        // An unknown message may stand for a change we cannot place: drop everything, stay correct.
        this.store.clear();
    }
  }

  reset(): void {
    this.store.clear();
    this.settingsEpoch++;
  }

  /**
   * The settings epoch while the feed is proven current (a cached read made at this epoch is still
   * the database's), or null when it is not and the caller must fall back on a short TTL.
   */
  currentSettingsEpoch(): number | null {
    const at = this.feed.provenAt();
    return at === 0 || this.now() - at >= FRESH_MS ? null : this.settingsEpoch;
  }

  stats(): { entries: number; hits: number; misses: number; current: boolean } {
    return { entries: this.store.size, hits: this.hits, misses: this.misses, current: this.feed.provenAt() > 0 };
  }

  close(): Promise<void> {
    this.store.clear();
    return this.feed.close();
  }
}

// One model per database handle and process, on globalThis: the custom server and Next's bundled
// page code (the browser view) each load their own copy of this module but share the model.
const g = globalThis as unknown as { __relayboardGateModels?: Map<object, GateReadModel | null> };
const models = (g.__relayboardGateModels ??= new Map());

/** The model of this database handle, created on first use; null when switched off (entries = 0). */
export function gateModel(db: Db): GateReadModel | null {
  const client = (db as unknown as { $client: object }).$client;
  if (models.has(client)) return models.get(client)!;
  const max = env().SUBSCRIPTION_CACHE_ENTRIES;
  let model: GateReadModel | null = null;
  if (max > 0) {
    const handlers = { message: (p: string) => model?.message(p), reset: () => model?.reset() };
    const feed = client instanceof pg.Pool ? postgresFeed(client, handlers) : isPglite(client) ? pgliteFeed(client, handlers) : null;
    model = feed ? new GateReadModel(feed, max) : null;
  }
  models.set(client, model);
  return model;
}

const isPglite = (c: object): c is PGlite => typeof (c as PGlite).listen === "function" && typeof (c as PGlite).query === "function";

/** Closes every model's feed (shutdown, tests closing their database). */
export async function closeGateModels(): Promise<void> {
  const open = [...models.values()];
  models.clear();
  await Promise.all(open.map((m) => m?.close()));
}

/** Closes the model of one database handle (a test file closing its database). */
export async function closeGateModel(db: Db): Promise<void> {
  const client = (db as unknown as { $client: object }).$client;
  const m = models.get(client);
  models.delete(client);
  await m?.close();
}

// The change feed behind the gate's read model: LISTEN rb_gate (migration 0020's triggers NOTIFY it
// from the writing transaction). PostgreSQL rather than Redis pub/sub because the database sends the
// message itself, at commit and only on commit: no write path can forget to publish, and no crash
// between a commit and a publish can lose one.
//
// "Current" must be proven, not assumed: a dedicated connection pings every PING_MS, and the model
// may answer from memory only while a ping sent less than FRESH_MS ago has come back. PostgreSQL
// delivers every notification committed before a query starts ahead of that query's result, so a
// returned ping proves every change committed before it was sent has been applied. A connection that
// dies, hangs or stalls makes the model stale within FRESH_MS, and the gate reads the database.
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describeError } from "../../../describe-error";
import { log } from "../../../logger";

export const CHANNEL = "rb_gate";
const PING_MS = 200;
/** A change reaches every instance within this (plus the delivery itself, normally a millisecond). */
export const FRESH_MS = 750;
const PING_TIMEOUT_MS = 2_000;
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

export interface FeedHandlers {
  message(payload: string): void;
  /** Messages may have been missed (a new or lost connection): drop everything held. */
  reset(): void;
}

export interface GateFeed {
  /** Every change committed before this moment (ms) has been applied; 0 while the feed is down. */
  provenAt(): number;
  /** True once every change committed before `after` (ms) has been applied; pings if it must. */
  settle(after: number): Promise<boolean>;
  close(): Promise<void>;
}

/** In-process PGlite: a notification is handled before the writing statement returns. */
export function pgliteFeed(db: PGlite, h: FeedHandlers): GateFeed {
  let live = false;
  let closed = false;
  const unlisten = db.listen(CHANNEL, (payload) => h.message(payload)).then(
    (off) => {
      h.reset();
      live = !closed;
      return off;
    },
    (err: unknown) => {
      log.error("subscription read model: LISTEN failed, the gate reads the database", { error: describeError(err) });
      return null;
    },
  );
  const provenAt = () => (live && !db.closed ? Date.now() : 0);
  return {
    provenAt,
    settle: async () => provenAt() > 0,
    async close() {
      closed = true;
      live = false;
      const off = await unlisten;
      await off?.().catch(() => undefined);
    },
  };
}

/** PostgreSQL: a connection of its own (LISTEN holds it), reconnected with backoff when lost. */
export function postgresFeed(pool: pg.Pool, h: FeedHandlers, now: () => number = Date.now): GateFeed {
  let client: pg.Client | null = null;
  let provenAt = 0; // when the last returned ping was sent
  let inflight: { c: pg.Client; sent: number; done: Promise<boolean> } | null = null;
  let failures = 0;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  // Only the connection in use can be dropped: a late event of an old one changes nothing.
  const drop = (c: pg.Client, why: string, err?: unknown) => {
    if (client !== c) return;
    client = null;
    provenAt = 0;
    if (inflight?.c === c) inflight = null;
    h.reset();
    if (!closed) log.warn("subscription read model: change feed lost, the gate reads the database until it is back", { why, error: err === undefined ? undefined : describeError(err) });
    c.removeAllListeners();
    c.on("error", () => undefined);
    void c.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ ...pool.options, keepAlive: true, application_name: "relayboard-gate-feed" });
    c.on("notification", (m) => {
      if (m.channel === CHANNEL && m.payload) h.message(m.payload);
    });
    c.on("error", (err) => drop(c, "error", err));
    c.on("end", () => drop(c, "end"));
    try {
      await c.connect();
      // The process may exit while the feed is open (CLI, tests): the socket must not hold it.
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      const sent = now();
      await c.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      failures = 0;
      // Anything held was loaded while no one was listening.
      h.reset();
      provenAt = sent;
    } catch (err) {
      failures++;
      c.removeAllListeners();
      c.on("error", () => undefined);
      void c.end().catch(() => undefined);
      if (failures === 1 && !closed) log.warn("subscription read model: cannot LISTEN, the gate reads the database", { error: describeError(err) });
      schedule();
    }
  };

  // Pings run one at a time on the connection, except a settle() that cannot use the one in flight
  // (sent before the write it waits for) sends its own.
  const ping = (): Promise<boolean> => {
    const c = client;
    if (!c) return Promise.resolve(false);
    const mine = { c, sent: now(), done: Promise.resolve(false) };
    mine.done = c.query("SELECT 1").then(
      () => {
        if (client === c) provenAt = Math.max(provenAt, mine.sent);
        return client === c;
      },
      (err: unknown) => {
        drop(c, "ping failed", err);
        return false;
      },
    );
    inflight = mine;
    void mine.done.finally(() => {
      if (inflight === mine) inflight = null;
    });
    return mine.done;
  };

  const tick = setInterval(() => {
    // The pool this feed belongs to was closed (shutdown, a test's database): so is the feed.
    if (pool.ending || pool.ended) return void api.close();
    const c = client;
    if (!c) return;
    if (inflight) {
      if (now() - inflight.sent > PING_TIMEOUT_MS) drop(c, "ping timed out");
      return;
    }
    void ping();
  }, PING_MS);
  tick.unref();
  void connect();

  const api: GateFeed = {
    provenAt: () => (client !== null && now() - provenAt < FRESH_MS ? provenAt : 0),
    settle: (after) => {
      if (client !== null && provenAt > after) return Promise.resolve(true);
      if (inflight && inflight.c === client && inflight.sent > after) return inflight.done;
      return ping();
    },
    async close() {
      closed = true;
      clearInterval(tick);
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      provenAt = 0;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
  return api;
}

// The admin risk access log (issue 11 item 7): each filter narrows to exactly its rows, keyset pages
// give every row exactly once in (created_at desc, id desc) order even when many rows share a
// timestamp (or only a millisecond), walking back up gives the same pages, and only admins read it.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { subscriptionAccessLogs, users, type AccessOutcome } from "../../src/server/db/schema";
import { ipCandidates, listRiskAccessLogs, MAX_USER_MATCHES, type RiskAccessLogPage } from "../../src/server/services/risk/access-log-queries";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { node, proxyPlan, subscription } from "../admin-subscriptions/fixtures";

const t = testDbForFile();
const T0 = Date.parse("2025-03-10T12:00:00Z");
const MIN = 60_000;

let ctx: Ctx;
let user: Awaited<ReturnType<typeof makeUser>>;
const w = {} as {
  alice: { id: string; email: string };
  alina: { id: string; email: string };
  bob: { id: string; email: string };
  subA: { id: string; userId: string };
  subB: { id: string; userId: string };
  nodeA: { id: string; name: string };
  nodeB: { id: string; name: string };
  // id -> what was written, to compare pages with
  all: { id: number; at: string }[];
};

/** A user row written directly: these tests read logs, they do not need a usable password. */
async function rawUser(db: Db, email: string) {
  const [u] = await db.insert(users).values({ email, passwordHash: "not-a-hash" }).returning({ id: users.id, email: users.email });
  return u!;
}

interface Row {
  sub?: { id: string; userId: string } | null;
  userId?: string | null;
  at: string; // timestamptz text, microseconds allowed
  ip?: string;
  country?: string;
  region?: string;
  city?: string;
  source?: "API" | "NODE";
  outcome?: AccessOutcome;
  nodeId?: string | null;
  connectionCount?: number;
  uniqueTargetCount?: number;
}

async function write(db: Db, r: Row): Promise<number> {
  const [row] = await db
    .insert(subscriptionAccessLogs)
    .values({
      subscriptionId: r.sub === undefined ? null : (r.sub?.id ?? null),
      userId: r.userId !== undefined ? r.userId : (r.sub?.userId ?? null),
      outcome: r.outcome ?? "OK",
      ip: r.ip ?? "198.51.100.1",
      country: r.country ?? "",
      region: r.region ?? "",
      city: r.city ?? "",
      source: r.source ?? "API",
      nodeId: r.nodeId ?? null,
      userAgent: r.source === "NODE" ? "" : "Happ/1.0",
      format: r.source === "NODE" ? "" : "base64",
      inboundTag: r.source === "NODE" ? "inbound-443" : "",
      network: r.source === "NODE" ? "tcp" : "",
      connectionCount: r.connectionCount ?? null,
      uniqueTargetCount: r.uniqueTargetCount ?? null,
      createdAt: sql`${r.at}::timestamptz`,
    })
    .returning({ id: subscriptionAccessLogs.id });
  w.all.push({ id: row!.id, at: r.at });
  return row!.id;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ids = (p: RiskAccessLogPage) => p.rows.map((r) => r.id);

beforeAll(async () => {
  const db = t.db;
  const admin = await makeUser(db, "ADMIN");
  user = await makeUser(db);
  ctx = makeCtx(db, admin.ctx.actor);
  w.all = [];
  w.alice = await rawUser(db, "alice@example.com");
  w.alina = await rawUser(db, "alina@example.org");
  w.bob = await rawUser(db, "bob@example.net");
  w.nodeA = await node(db, "Tokyo A");
  w.nodeB = await node(db, "Osaka B");
  const plan = await proxyPlan(db, w.nodeA.id);
  w.subA = await subscription(db, { userId: w.alice.id, planId: plan.id, nodeId: w.nodeA.id });
  w.subB = await subscription(db, { userId: w.bob.id, planId: plan.id, nodeId: w.nodeA.id });
  const alinaSub = await subscription(db, { userId: w.alina.id, planId: plan.id, nodeId: w.nodeA.id });

  // Ten minutes of ordinary traffic, one row a minute.
  await write(db, { sub: w.subA, at: iso(T0 + 0 * MIN), ip: "203.0.113.5", country: "CN", region: "Shanghai", city: "Shanghai" });
  await write(db, { sub: w.subA, at: iso(T0 + 1 * MIN), ip: "203.0.113.77", country: "CN", region: "Guangdong", city: "Shenzhen" });
  await write(db, { sub: w.subA, at: iso(T0 + 2 * MIN), ip: "203.0.114.5", country: "JP", region: "Tokyo", city: "Tokyo" });
  await write(db, { sub: w.subA, at: iso(T0 + 3 * MIN), ip: "2001:db8::1", country: "US", outcome: "suspended" });
  await write(db, { sub: w.subB, at: iso(T0 + 4 * MIN), ip: "203.0.113.5", country: "CN", outcome: "rate_limited" });
  await write(db, { sub: w.subB, at: iso(T0 + 5 * MIN), source: "NODE", nodeId: w.nodeA.id, ip: "192.0.2.9", country: "DE", connectionCount: 200, uniqueTargetCount: 90 });
  await write(db, { sub: w.subA, at: iso(T0 + 6 * MIN), source: "NODE", nodeId: w.nodeB.id, ip: "192.0.2.10", country: "CN", connectionCount: 3, uniqueTargetCount: 2 });
  await write(db, { sub: null, userId: w.alice.id, at: iso(T0 + 7 * MIN), ip: "203.0.113.200", country: "CN" }); // the combined /all link
  await write(db, { sub: alinaSub, at: iso(T0 + 8 * MIN), ip: "198.51.100.20", outcome: "device_limit" });
  await write(db, { sub: w.subB, at: iso(T0 + 9 * MIN), ip: "198.51.100.21", country: "CN", outcome: "expired" });
});

const only = async (filter: Record<string, unknown>) => ids(await listRiskAccessLogs(ctx, { pageSize: 200, ...filter }));
const expected = (pred: (i: number) => boolean) => w.all.slice(0, 10).map((r, i) => ({ ...r, i })).filter((r) => pred(r.i)).map((r) => r.id).reverse();

describe("the risk access log: filters", () => {
  it("lists everything newest first, with the user, the node and the place", async () => {
    const p = await listRiskAccessLogs(ctx, { pageSize: 200 });
    expect(ids(p)).toEqual(expected(() => true));
    expect(p.older).toBeNull();
    expect(p.newer).toBeNull();
    const node = p.rows.find((r) => r.source === "NODE" && r.nodeId === w.nodeA.id)!;
    expect(node).toMatchObject({ email: w.bob.email, subscriptionId: w.subB.id, nodeName: "Tokyo A", inboundTag: "inbound-443", network: "tcp", connectionCount: 200, uniqueTargetCount: 90, country: "DE" });
    expect(p.rows.find((r) => r.ip === "203.0.113.77")).toMatchObject({ country: "CN", region: "Guangdong", city: "Shenzhen", email: w.alice.email, nodeName: null });
  });

  it("by user: an exact email, an email's beginning (several users), and nobody", async () => {
    const alice = [0, 1, 2, 3, 6, 7];
    expect(await only({ user: "alice@example.com" })).toEqual(expected((i) => alice.includes(i)));
    expect(await only({ user: "  ALICE@Example.com " })).toEqual(expected((i) => alice.includes(i)));
    // "ali" is the beginning of alice@ and alina@: both users' rows.
    const p = await listRiskAccessLogs(ctx, { user: "ali" });
    expect(p.userMatches).toBe(2);
    expect(ids(p)).toEqual(expected((i) => [...alice, 8].includes(i)));
    // An exact match wins over the addresses it is the beginning of.
    expect((await listRiskAccessLogs(ctx, { user: "bob@example.net" })).userMatches).toBe(1);
    const none = await listRiskAccessLogs(ctx, { user: "nobody@" });
    expect(none).toMatchObject({ rows: [], userMatches: 0 });
    // LIKE's own characters are text, not patterns.
    expect((await listRiskAccessLogs(ctx, { user: "%" })).userMatches).toBe(0);
    expect((await listRiskAccessLogs(ctx, { user: "_lice" })).userMatches).toBe(0);
    expect(await only({ userId: w.bob.id })).toEqual(expected((i) => [4, 5, 9].includes(i)));
  });

  it("by IP: a whole address (IPv4 and IPv6) or the first three parts of an IPv4 address", async () => {
    expect(await only({ ip: "203.0.113.5" })).toEqual(expected((i) => [0, 4].includes(i)));
    expect(await only({ ip: "2001:DB8::1" })).toEqual(expected((i) => i === 3));
    for (const prefix of ["203.0.113.", "203.0.113.*", "203.0.113.0/24"]) expect(await only({ ip: prefix })).toEqual(expected((i) => [0, 1, 4, 7].includes(i)));
    expect(await only({ ip: "::ffff:192.0.2.9" })).toEqual(expected((i) => i === 5));
    expect(await only({ ip: "203.0.113.6" })).toEqual([]);
    expect(ipCandidates("203.0.113.")).toHaveLength(256);
    for (const bad of ["203.0.11", "203.0.", "1.2.3.4.5", "256.1.1.", "host.example", "1.2.3.%"]) {
      await expect(listRiskAccessLogs(ctx, { ip: bad })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { ip: "ip_filter_format" } } });
    }
  });

  it("by country (two letters, any case), source, outcome, subscription and node", async () => {
    expect(await only({ country: "cn" })).toEqual(expected((i) => [0, 1, 4, 6, 7, 9].includes(i)));
    expect(await only({ country: "JP" })).toEqual(expected((i) => i === 2));
    await expect(listRiskAccessLogs(ctx, { country: "CHN" })).rejects.toMatchObject({ details: { fields: { country: "country_code_format" } } });
    expect(await only({ source: "NODE" })).toEqual(expected((i) => [5, 6].includes(i)));
    expect(await only({ source: "API" })).toEqual(expected((i) => ![5, 6].includes(i)));
    expect(await only({ outcome: "device_limit" })).toEqual(expected((i) => i === 8));
    expect(await only({ outcome: "OK", source: "API" })).toEqual(expected((i) => [0, 1, 2, 7].includes(i)));
    expect(await only({ subscriptionId: w.subB.id })).toEqual(expected((i) => [4, 5, 9].includes(i)));
    expect(await only({ nodeId: w.nodeB.id })).toEqual(expected((i) => i === 6));
    expect(await only({ subscriptionId: w.subA.id, source: "NODE", country: "CN" })).toEqual(expected((i) => i === 6));
    await expect(listRiskAccessLogs(ctx, { source: "BOTH" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("by time: from is inclusive, until is exclusive, and until must be after from", async () => {
    expect(await only({ from: iso(T0 + 2 * MIN), to: iso(T0 + 5 * MIN) })).toEqual(expected((i) => i >= 2 && i < 5));
    expect(await only({ from: iso(T0 + 8 * MIN) })).toEqual(expected((i) => i >= 8));
    expect(await only({ to: iso(T0 + MIN) })).toEqual(expected((i) => i === 0));
    await expect(listRiskAccessLogs(ctx, { from: iso(T0), to: iso(T0) })).rejects.toMatchObject({ details: { fields: { to: "before_start" } } });
    await expect(listRiskAccessLogs(ctx, { from: "not a date" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("empty strings (an empty form field) mean no filter", async () => {
    expect(await only({ user: "", ip: "", country: " ", subscriptionId: "", nodeId: "", from: "", to: "", source: "", outcome: "" })).toEqual(expected(() => true));
  });

  it("says when an email beginning matches more users than it searches", async () => {
    const db = t.db;
    for (let i = 0; i <= MAX_USER_MATCHES; i++) await rawUser(db, `crowd${String(i).padStart(3, "0")}@example.com`);
    const p = await listRiskAccessLogs(ctx, { user: "crowd" });
    expect(p).toMatchObject({ userMatches: MAX_USER_MATCHES, usersTruncated: true, rows: [] });
  });
});

describe("the risk access log: keyset pages", () => {
  // 23 rows at one instant, 7 that share its millisecond but not its microsecond, and 5 later ones.
  const SAME = "2025-06-01T08:00:00.500Z";
  let written: { id: number; at: string }[];
  let order: number[];

  beforeAll(async () => {
    const db = t.db;
    const start = w.all.length;
    const sub = w.subA;
    for (let i = 0; i < 23; i++) await write(db, { sub, at: SAME, ip: "100.64.0.1", country: "NL" });
    for (let i = 0; i < 7; i++) await write(db, { sub, at: `2025-06-01T08:00:00.500${[9, 1, 5, 3, 9, 2, 7][i]}${i}0Z`, ip: "100.64.0.1", country: "NL" });
    for (let i = 0; i < 5; i++) await write(db, { sub, at: `2025-06-01T08:0${i + 1}:00Z`, ip: "100.64.0.1", country: "NL" });
    written = w.all.slice(start);
    // The order the database keeps: time (to the microsecond) descending, then id descending.
    const micros = (s: string) => {
      const m = /\.(\d+)Z$/.exec(s);
      return Date.parse(s.replace(/\.\d+Z$/, "Z")) * 1000 + Number((m?.[1] ?? "0").padEnd(6, "0").slice(0, 6));
    };
    order = [...written].sort((a, b) => micros(b.at) - micros(a.at) || b.id - a.id).map((r) => r.id);
  });

  it("walks down every page: each row exactly once, in order, and back up to the same pages", async () => {
    for (const pageSize of [1, 4, 10, 23, 35, 50]) {
      const pages: number[][] = [];
      let p = await listRiskAccessLogs(ctx, { country: "NL", pageSize });
      expect(p.newer).toBeNull();
      pages.push(ids(p));
      while (p.older) {
        p = await listRiskAccessLogs(ctx, { country: "NL", pageSize, cursor: p.older });
        expect(p.newer).not.toBeNull();
        pages.push(ids(p));
        expect(pages.length).toBeLessThan(100);
      }
      expect(pages.flat()).toEqual(order);
      expect(pages.every((pg) => pg.length === pageSize || pg === pages.at(-1))).toBe(true);
      // Back up from the last page: the same pages in reverse.
      const up: number[][] = [];
      while (p.newer) {
        p = await listRiskAccessLogs(ctx, { country: "NL", pageSize, cursor: p.newer, direction: "newer" });
        up.push(ids(p));
        expect(up.length).toBeLessThan(100);
      }
      expect(up).toEqual(pages.slice(0, -1).reverse());
    }
  });

  it("pages along an index with a filter too (one IP)", async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const p: RiskAccessLogPage = await listRiskAccessLogs(ctx, { ip: "100.64.0.1", pageSize: 6, cursor });
      seen.push(...ids(p));
      cursor = p.older ?? undefined;
    } while (cursor);
    expect(seen).toEqual(order);
  });

  it("the last page ends the walk, a page past it is empty and leads back, a malformed cursor is refused", async () => {
    const last = await listRiskAccessLogs(ctx, { country: "NL", pageSize: written.length });
    expect(last.older).toBeNull();
    const oldest = order.at(-1)!;
    // A cursor naming the oldest row: nothing older.
    const firstDown = await listRiskAccessLogs(ctx, { country: "NL", pageSize: written.length - 1 });
    const beyond = await listRiskAccessLogs(ctx, { country: "NL", pageSize: 5, cursor: firstDown.older! });
    expect(ids(beyond)).toEqual([oldest]);
    expect(beyond.older).toBeNull();
    // Older than the oldest row: an empty page whose "newer" leads back to it.
    const empty = await listRiskAccessLogs(ctx, { country: "NL", pageSize: 5, cursor: beyond.newer! });
    expect(empty).toMatchObject({ rows: [], older: null, newer: beyond.newer });
    expect(ids(await listRiskAccessLogs(ctx, { country: "NL", pageSize: 2, cursor: empty.newer!, direction: "newer" }))).toEqual(order.slice(-3, -1));
    await expect(listRiskAccessLogs(ctx, { cursor: "2025-06-01T08:00:00.500Z_1" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { cursor: "invalid" } } });
    await expect(listRiskAccessLogs(ctx, { cursor: "x'; drop table users; --" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("the risk access log: who may read it", () => {
  it("refuses anonymous callers, agents and ordinary users", async () => {
    await expect(listRiskAccessLogs(anonCtx(t.db), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(listRiskAccessLogs(makeCtx(t.db, { kind: "agent", nodeId: w.nodeA.id }), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(listRiskAccessLogs(user.ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    // The refusal comes before anything is looked up: a bad filter does not change the answer.
    await expect(listRiskAccessLogs(user.ctx, { country: "nope" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

// The node watch against a real database: an agent gone quiet or a failing panel opens one incident
// and raises node.offline once (an events row and one event.dispatch task, in the same transaction);
// staying down raises nothing more; coming back closes it and raises node.online once. Which nodes
// are watched, the admin reads, and two instances checking at once (separate PostgreSQL pools).
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { events, nodeIncidents, nodes, tasks, type NodeVisibility } from "../../src/server/db/schema";
import "../../src/server/services/events";
import { checkNodeHealth, getNodeIncidentOverview, listNodeIncidents } from "../../src/server/services/node-alerts";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { secondInstanceForFile } from "../helpers/race";
import { itOnPostgres } from "../helpers/requirements";
import { insertNode } from "../telemetry/helpers";

const t = testDbForFile();
const second = secondInstanceForFile(t);
const MIN = 60_000;
const T0 = new Date("2026-05-01T03:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { nodeStaleMinutes: 10 });
});
// Every test starts without nodes (their incidents go with them); events stay, so each test reads
// only its own node's events.
beforeEach(async () => {
  await t.db.delete(nodes);
});

async function watchedNode(o: { visibility?: NodeVisibility; reportedAt?: Date | null; token?: boolean } = {}) {
  const n = await insertNode(t.db, { visibility: o.visibility ?? "VISIBLE", withToken: o.token ?? true });
  if (o.reportedAt) await t.db.update(nodes).set({ lastAgentReportAt: o.reportedAt }).where(eq(nodes.id, n.id));
  return n;
}

const report = (nodeId: string, when: Date) => t.db.update(nodes).set({ lastAgentReportAt: when }).where(eq(nodes.id, nodeId));
const panel = (nodeId: string, status: "OK" | "ERROR", when: Date) => t.db.update(nodes).set({ panelStatus: status, panelCheckedAt: when }).where(eq(nodes.id, nodeId));

async function eventsOf(nodeId: string) {
  return t.db
    .select()
    .from(events)
    .where(sql`${events.data} ->> 'nodeId' = ${nodeId}`)
    .orderBy(events.createdAt);
}

async function dispatchTasksOf(eventId: string) {
  return t.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.kind, "event.dispatch"), sql`${tasks.payload} ->> 'eventId' = ${eventId}`));
}

const openIncidents = (nodeId: string) =>
  t.db
    .select()
    .from(nodeIncidents)
    .where(and(eq(nodeIncidents.nodeId, nodeId), isNull(nodeIncidents.endedAt)));

describe("an agent that goes quiet", () => {
  it("raises node.offline once, nothing while it stays quiet, and node.online once when it is back", async () => {
    const n = await watchedNode({ reportedAt: at(0) });

    // Nine minutes of silence is within the 10-minute limit.
    expect(await checkNodeHealth(t.db, at(9))).toEqual({ opened: [], closed: [] });
    expect(await eventsOf(n.id)).toHaveLength(0);

    const first = await checkNodeHealth(t.db, at(11));
    expect(first.opened).toEqual([{ nodeId: n.id, incidentId: expect.any(String), cause: "agent_stale" }]);
    const [offline] = await eventsOf(n.id);
    expect(offline).toMatchObject({ type: "node.offline", data: { nodeId: n.id, name: n.name, cause: "agent_stale", since: at(0).toISOString() } });
    expect(await dispatchTasksOf(offline!.id)).toHaveLength(1);
    // The outage began at the last report, not when it was noticed.
    expect((await openIncidents(n.id))[0]).toMatchObject({ cause: "agent_stale", startedAt: at(0) });

    // Still quiet an hour later: nothing new.
    expect(await checkNodeHealth(t.db, at(30))).toEqual({ opened: [], closed: [] });
    expect(await checkNodeHealth(t.db, at(70))).toEqual({ opened: [], closed: [] });
    expect(await eventsOf(n.id)).toHaveLength(1);

    await report(n.id, at(75));
    const back = await checkNodeHealth(t.db, at(76));
    expect(back.closed).toEqual([{ nodeId: n.id, incidentId: first.opened[0]!.incidentId, downtimeSeconds: 76 * 60, resolution: "recovered" }]);
    expect(await checkNodeHealth(t.db, at(77))).toEqual({ opened: [], closed: [] });

    const all = await eventsOf(n.id);
    expect(all.map((e) => e.type)).toEqual(["node.offline", "node.online"]);
    expect(all[1]!.data).toEqual({ nodeId: n.id, name: n.name, cause: "agent_stale", since: at(0).toISOString(), until: at(76).toISOString(), downtimeSeconds: 76 * 60, resolution: "recovered" });
    expect(await dispatchTasksOf(all[1]!.id)).toHaveLength(1);
    expect(await openIncidents(n.id)).toHaveLength(0);

    // The outbox fans each event out once: both are claimed by their dispatch task.
    await runDueTasks(t.db);
    const dispatched = await eventsOf(n.id);
    expect(dispatched.every((e) => e.dispatchedAt !== null)).toBe(true);
  });

  it("counts reports of any kind, as the node page does", async () => {
    const n = await watchedNode({ reportedAt: at(0) });
    await t.db.update(nodes).set({ agentLastReports: { metrics: at(8).toISOString() } }).where(eq(nodes.id, n.id));
    expect((await checkNodeHealth(t.db, at(15))).opened).toHaveLength(0);
    expect((await checkNodeHealth(t.db, at(19))).opened).toHaveLength(1);
    expect((await openIncidents(n.id))[0]!.startedAt).toEqual(at(8));
  });

  it("follows the nodeStaleMinutes setting", async () => {
    const n = await watchedNode({ reportedAt: at(0) });
    await updateSettings(cliCtx(t.db), { nodeStaleMinutes: 30 });
    try {
      expect((await checkNodeHealth(t.db, at(20))).opened).toHaveLength(0);
      expect((await checkNodeHealth(t.db, at(31))).opened).toMatchObject([{ nodeId: n.id }]);
    } finally {
      await updateSettings(cliCtx(t.db), { nodeStaleMinutes: 10 });
    }
  });
});

describe("which nodes are watched", () => {
  it("never alerts for a node whose agent never reported, nor for one whose token is gone", async () => {
    const never = await watchedNode({ reportedAt: null });
    const revoked = await watchedNode({ reportedAt: at(0), token: false });
    expect(await checkNodeHealth(t.db, at(24 * 60))).toEqual({ opened: [], closed: [] });
    expect(await eventsOf(never.id)).toHaveLength(0);
    expect(await eventsOf(revoked.id)).toHaveLength(0);
  });

  it("alerts for a hidden node, not for one still being set up (PENDING)", async () => {
    const hidden = await watchedNode({ visibility: "HIDDEN", reportedAt: at(0) });
    const pending = await watchedNode({ visibility: "PENDING", reportedAt: at(0) });
    await panel(pending.id, "ERROR", at(1));
    const r = await checkNodeHealth(t.db, at(60));
    expect(r.opened.map((o) => o.nodeId)).toEqual([hidden.id]);
    expect(await eventsOf(pending.id)).toHaveLength(0);
  });

  it("closes an agent outage as 'unwatched' when the agent token is revoked", async () => {
    const n = await watchedNode({ reportedAt: at(0) });
    await checkNodeHealth(t.db, at(20));
    await t.db.update(nodes).set({ agentTokenHash: null, agentTokenEnc: null }).where(eq(nodes.id, n.id));
    const r = await checkNodeHealth(t.db, at(25));
    expect(r.closed).toMatchObject([{ nodeId: n.id, resolution: "unwatched" }]);
    expect((await eventsOf(n.id)).map((e) => [e.type, e.data.resolution ?? null])).toEqual([
      ["node.offline", null],
      ["node.online", "unwatched"],
    ]);
  });
});

describe("a failing panel", () => {
  it("raises node.offline once with cause panel_error, and node.online once when a sync succeeds", async () => {
    const n = await watchedNode({ reportedAt: null });
    await panel(n.id, "ERROR", at(2));
    const first = await checkNodeHealth(t.db, at(3));
    expect(first.opened).toMatchObject([{ nodeId: n.id, cause: "panel_error" }]);
    expect(await checkNodeHealth(t.db, at(10))).toEqual({ opened: [], closed: [] });
    const [offline] = await eventsOf(n.id);
    expect(offline).toMatchObject({ type: "node.offline", data: { cause: "panel_error", since: at(2).toISOString() } });
    expect(await dispatchTasksOf(offline!.id)).toHaveLength(1);

    await panel(n.id, "OK", at(12));
    expect((await checkNodeHealth(t.db, at(13))).closed).toMatchObject([{ nodeId: n.id, downtimeSeconds: 11 * 60 }]);
    expect(await checkNodeHealth(t.db, at(14))).toEqual({ opened: [], closed: [] });
    expect((await eventsOf(n.id)).map((e) => e.type)).toEqual(["node.offline", "node.online"]);
  });

  it("keeps one incident while the node is down for any cause", async () => {
    const n = await watchedNode({ reportedAt: at(0) });
    await checkNodeHealth(t.db, at(15)); // agent quiet
    await panel(n.id, "ERROR", at(16));
    await report(n.id, at(17)); // the agent is back, the panel still fails
    expect(await checkNodeHealth(t.db, at(18))).toEqual({ opened: [], closed: [] });
    await panel(n.id, "OK", at(19));
    expect((await checkNodeHealth(t.db, at(20))).closed).toHaveLength(1);
    expect((await eventsOf(n.id)).map((e) => e.type)).toEqual(["node.offline", "node.online"]);
  });

  it("opens a new incident for a new outage, and a deleted node takes its incidents with it", async () => {
    const n = await watchedNode();
    await panel(n.id, "ERROR", at(0));
    await checkNodeHealth(t.db, at(1));
    await panel(n.id, "OK", at(2));
    await checkNodeHealth(t.db, at(3));
    await panel(n.id, "ERROR", at(4));
    await checkNodeHealth(t.db, at(5));
    expect((await eventsOf(n.id)).map((e) => e.type)).toEqual(["node.offline", "node.online", "node.offline"]);
    expect(await t.db.select().from(nodeIncidents).where(eq(nodeIncidents.nodeId, n.id))).toHaveLength(2);
    await t.db.delete(nodes).where(eq(nodes.id, n.id));
    expect(await t.db.select().from(nodeIncidents).where(eq(nodeIncidents.nodeId, n.id))).toHaveLength(0);
  });
});

describe("admin reads", () => {
  it("show what is down now and the last 24 hours' count, and a node's recent incidents", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const user = await makeUser(t.db);
    const down = await watchedNode({ reportedAt: at(0) });
    const flapped = await watchedNode();
    await panel(flapped.id, "ERROR", at(1));
    await checkNodeHealth(t.db, at(12));
    await panel(flapped.id, "OK", at(20));
    await checkNodeHealth(t.db, at(21));
    // An outage that ended more than a day before is not counted.
    await t.db.insert(nodeIncidents).values({ nodeId: flapped.id, cause: "panel_error", startedAt: at(-3 * 24 * 60), endedAt: at(-2 * 24 * 60) });

    const ctx = makeCtx(t.db, admin.ctx.actor, { now: () => at(60) });
    const overview = await getNodeIncidentOverview(ctx);
    expect(overview.open).toEqual([{ id: expect.any(String), nodeId: down.id, name: down.name, cause: "agent_stale", since: at(0) }]);
    expect(overview.last24h).toBe(2);
    expect(await listNodeIncidents(ctx, flapped.id)).toMatchObject([{ cause: "panel_error", startedAt: at(1), endedAt: at(21) }, { startedAt: at(-3 * 24 * 60) }]);
    expect(await listNodeIncidents(ctx, "not-a-uuid")).toEqual([]);

    for (const read of [getNodeIncidentOverview, (c: typeof ctx) => listNodeIncidents(c, down.id)]) {
      await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(read(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});

describe("several instances", () => {
  it("raise each event once when checks overlap on one database", async () => {
    const n = await watchedNode({ reportedAt: at(0) });
    await Promise.all(Array.from({ length: 6 }, () => checkNodeHealth(t.db, at(30))));
    await report(n.id, at(31));
    await Promise.all(Array.from({ length: 6 }, () => checkNodeHealth(t.db, at(32))));
    expect((await eventsOf(n.id)).map((e) => e.type)).toEqual(["node.offline", "node.online"]);
  });

  itOnPostgres("raise each event once when two instances (two pools) check at the same moment", async () => {
    const many = await Promise.all(Array.from({ length: 5 }, () => watchedNode({ reportedAt: at(0) })));
    const run = (when: Date) => Promise.all(Array.from({ length: 10 }, (_, i) => checkNodeHealth(i % 2 ? second.db : t.db, when)));

    const down = await run(at(30));
    expect(down.flatMap((r) => r.opened)).toHaveLength(many.length);
    for (const n of many) {
      const evs = await eventsOf(n.id);
      expect(evs.map((e) => e.type)).toEqual(["node.offline"]);
      expect(await dispatchTasksOf(evs[0]!.id)).toHaveLength(1);
      expect(await openIncidents(n.id)).toHaveLength(1);
    }

    for (const n of many) await report(n.id, at(40));
    const up = await run(at(41));
    expect(up.flatMap((r) => r.closed)).toHaveLength(many.length);
    for (const n of many) {
      const evs = await eventsOf(n.id);
      expect(evs.map((e) => e.type)).toEqual(["node.offline", "node.online"]);
      expect(await dispatchTasksOf(evs[1]!.id)).toHaveLength(1);
    }
  }, 60_000);
});

// The logs page's data for each kind (src/app/admin/logs/load-entries.ts): rows of every kind come
// back with their columns worded, kept rows (an unfinished task, a risk event whose restriction is
// active) are marked with the reason the service would refuse them for, a refused filter comes back
// as field texts instead of an error page, and a stale cursor is dropped.
import { createTranslator } from "next-intl";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LOG_KINDS, COLUMNS } from "../../src/components/admin/logs/log-codes";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { daysAgo, seedRow, world, type World } from "../logs-cleanup/seed";

vi.mock("next-intl/server", async () => {
  const base = (await import("../../messages/en.json")).default;
  const parts = await Promise.all(["admin-logs", "admin-risk", "admin-risk-logs", "admin-orders", "labels"].map(async (a) => (await import(`../../messages/en/${a}.json`)).default));
  const messages = Object.assign({}, base, ...parts);
  return { getTranslations: async (namespace: string) => createTranslator({ locale: "en", messages, namespace: namespace as never }) };
});
const { loadEntries } = await import("../../src/app/admin/logs/load-entries");

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let w: World;
const now = new Date();
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  const user = await makeUser(t.db);
  w = await world(t.db, user.id);
  for (const kind of LOG_KINDS) ids[kind] = await seedRow(t.db, w, kind, { at: daysAgo(now, 1) });
  ids.runningTask = await seedRow(t.db, w, "task", { at: now, taskStatus: "RUNNING" });
  ids.restricted = await seedRow(t.db, w, "riskEvent", { at: now, restrictionActive: true });
});

const params = { filters: {}, cursor: undefined, direction: "older" as const, page: 1 };

describe("loadEntries", () => {
  it.each(LOG_KINDS)("%s: the seeded row, with every column of the kind", async (kind) => {
    const r = await loadEntries(admin.ctx, kind, params);
    const row = r.rows.find((x) => x.id === ids[kind]);
    expect(row).toBeDefined();
    for (const c of COLUMNS[kind]) expect(typeof row!.cells[c], `${kind}.${c}`).toBe("string");
    expect(row!.kept).toBeNull();
    expect(r.errors).toEqual({});
  });

  it("marks the rows the service keeps, with its reason", async () => {
    const tasks = await loadEntries(admin.ctx, "task", params);
    expect(tasks.rows.find((x) => x.id === ids.runningTask)?.kept).toBe("task_unfinished");
    const events = await loadEntries(admin.ctx, "riskEvent", params);
    expect(events.rows.find((x) => x.id === ids.restricted)).toMatchObject({ kept: "restriction_active", href: `/admin/risk/${ids.restricted}` });
  });

  it("words the columns (carrier, bytes) and filters through the list verbs", async () => {
    const latency = await loadEntries(admin.ctx, "nodeLatency", { ...params, filters: { node: w.nodeId, carrier: "telecom" } });
    expect(latency.rows.map((x) => x.cells)).toEqual([{ node: expect.any(String), carrier: "China Telecom", latency: "42 ms" }]);
    const traffic = await loadEntries(admin.ctx, "traffic", { ...params, filters: { sub: w.subId } });
    expect(traffic.rows[0]!.cells.used).toMatch(/^1 B \(up 0 B, down 1 B\)$/);
    expect(traffic.paging).toMatchObject({ type: "keyset", cursor: null });
  });

  it("turns a refused filter into field texts, and drops a malformed cursor", async () => {
    const bad = await loadEntries(admin.ctx, "traffic", { ...params, filters: { sub: "not-a-uuid" } });
    expect(bad.rows).toEqual([]);
    expect(Object.keys(bad.errors)).toEqual(["subscriptionId"]);
    const stale = await loadEntries(admin.ctx, "audit", { ...params, cursor: "garbage" });
    expect(stale.errors).toEqual({});
    expect(stale.paging).toMatchObject({ type: "keyset", cursor: null });
  });

  it("says when a user filter names nobody", async () => {
    expect((await loadEntries(admin.ctx, "traffic", { ...params, filters: { user: "nobody-xyz@nowhere.example" } })).nobody).toBe(true);
    expect((await loadEntries(admin.ctx, "audit", { ...params, filters: { actor: "nobody-xyz@nowhere.example" } })).nobody).toBe(true);
  });
});

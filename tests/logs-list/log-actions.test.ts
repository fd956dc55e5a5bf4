// The log page's Server Actions under their contract names: deleteAdminLogEntry and
// cleanupExpiredAdminLogs answer { ok, data } or a worded error (kept rows, bad input, non-admin),
// never a 500.
import { describe, expect, it, beforeAll, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { daysAgo, exists, seedRow, world, type World } from "../logs-cleanup/seed";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "relayboard.test" }), cookies: async () => ({ get: () => undefined }) }));
const { deleteAdminLogEntry, cleanupExpiredAdminLogs } = await import("../../src/app/admin/logs/actions");

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
let w: World;
const now = new Date();

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  w = await world(t.db, user.id);
});

describe("deleteAdminLogEntry (action)", () => {
  it("deletes an entry, refuses a kept one with its reason, and a missing one with 404", async () => {
    caller.ctx = admin.ctx;
    const id = await seedRow(t.db, w, "nodeLatency", { at: now });
    expect(await deleteAdminLogEntry({ target: "nodeLatency", id })).toEqual({ ok: true, data: { target: "nodeLatency", id } });
    expect(await exists(t.db, "nodeLatency", id)).toBe(false);

    const kept = await seedRow(t.db, w, "riskEvent", { at: now, restrictionActive: true });
    expect(await deleteAdminLogEntry({ target: "riskEvent", id: kept })).toMatchObject({ ok: false, error: { code: "CONFLICT", details: { reason: "log_entry_restriction_active" } } });
    const running = await seedRow(t.db, w, "task", { at: now, taskStatus: "RUNNING" });
    expect(await deleteAdminLogEntry({ target: "task", id: running })).toMatchObject({ ok: false, error: { code: "CONFLICT", details: { reason: "log_entry_task_unfinished" } } });
    expect(await exists(t.db, "riskEvent", kept)).toBe(true);
    expect(await deleteAdminLogEntry({ target: "audit", id: "999999999999" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await deleteAdminLogEntry({ target: "nope", id: "1" })).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });

  it("refuses an ordinary user", async () => {
    const id = await seedRow(t.db, w, "audit", { at: now });
    caller.ctx = user.ctx;
    expect(await deleteAdminLogEntry({ target: "audit", id })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await exists(t.db, "audit", id)).toBe(true);
  });
});

describe("cleanupExpiredAdminLogs (action)", () => {
  it("removes old rows of one kind and answers the count", async () => {
    caller.ctx = admin.ctx;
    const old = await seedRow(t.db, w, "traffic", { at: daysAgo(now, 40) });
    const fresh = await seedRow(t.db, w, "traffic", { at: daysAgo(now, 2) });
    const r = await cleanupExpiredAdminLogs({ target: "traffic", cutoffDays: 30 });
    expect(r).toMatchObject({ ok: true, data: { target: "traffic", cutoffDays: 30, counts: { traffic: 1 } } });
    expect(await exists(t.db, "traffic", old)).toBe(false);
    expect(await exists(t.db, "traffic", fresh)).toBe(true);
    expect(await cleanupExpiredAdminLogs({ target: "all", cutoffDays: 0 })).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    caller.ctx = user.ctx;
    expect(await cleanupExpiredAdminLogs({ target: "all", cutoffDays: 1 })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await exists(t.db, "traffic", fresh)).toBe(true);
  });
});

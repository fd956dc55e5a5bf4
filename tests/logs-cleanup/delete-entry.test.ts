// deleteAdminLogEntry: each kind, the rows that are always kept, the audit trail, and who may call it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/server/db/schema";
import { deleteAdminLogEntry, LOG_TARGETS } from "../../src/server/services/logs";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { exists, seedRow, world, type World } from "./seed";

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

const auditFor = (target: string, id: string) =>
  t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "logs.entry.deleted"), eq(auditLogs.targetType, `log:${target}`), eq(auditLogs.targetId, id)));

describe("deleteAdminLogEntry", () => {
  it.each(LOG_TARGETS)("deletes one %s entry and audits it", async (target) => {
    const id = await seedRow(t.db, w, target, { at: now });
    const other = await seedRow(t.db, w, target, { at: now });
    await expect(deleteAdminLogEntry(admin.ctx, { target, id })).resolves.toEqual({ target, id });
    expect(await exists(t.db, target, id)).toBe(false);
    expect(await exists(t.db, target, other)).toBe(true);
    const [row] = await auditFor(target, id);
    expect(row).toMatchObject({ actorKind: "admin", actorId: admin.id });
    // A second delete of the same id: gone.
    await expect(deleteAdminLogEntry(admin.ctx, { target, id })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "log_entry_not_found" });
  });

  it("answers 404 for an unknown or malformed id, and 400 for an unknown kind", async () => {
    await expect(deleteAdminLogEntry(admin.ctx, { target: "riskEvent", id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "audit", id: "999999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "audit", id: "1; drop table users" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "task", id: "not-a-uuid" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "users", id: "1" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("keeps a risk event whose restriction is active (409), and deletes it once released", async () => {
    const id = await seedRow(t.db, w, "riskEvent", { at: now, restrictionActive: true });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "riskEvent", id })).rejects.toMatchObject({ code: "CONFLICT", reason: "log_entry_restriction_active" });
    expect(await exists(t.db, "riskEvent", id)).toBe(true);
    expect(await auditFor("riskEvent", id)).toHaveLength(0);
  });

  it.each(["PENDING", "RUNNING"] as const)("refuses a %s task (409); finished ones go", async (status) => {
    const id = await seedRow(t.db, w, "task", { at: now, taskStatus: status });
    await expect(deleteAdminLogEntry(admin.ctx, { target: "task", id })).rejects.toMatchObject({ code: "CONFLICT", reason: "log_entry_task_unfinished" });
    expect(await exists(t.db, "task", id)).toBe(true);
    const failed = await seedRow(t.db, w, "task", { at: now, taskStatus: "FAILED" });
    await deleteAdminLogEntry(admin.ctx, { target: "task", id: failed });
    expect(await exists(t.db, "task", failed)).toBe(false);
  });

  it("refuses a non-admin and an anonymous caller, deleting nothing", async () => {
    const id = await seedRow(t.db, w, "audit", { at: now });
    await expect(deleteAdminLogEntry(user.ctx, { target: "audit", id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteAdminLogEntry(anonCtx(t.db), { target: "audit", id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await exists(t.db, "audit", id)).toBe(true);
  });
});

// Issue 29: the audit log is the record of what staff did, so removing from it is the owner's call
// (permission audit.delete): an admin or operations agent may clean other logs but not audit rows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/server/db/schema";
import { cleanupExpiredAdminLogs, deleteAdminLogEntry } from "../../src/server/services/logs";
import { makeStaff, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

async function auditRow(): Promise<string> {
  const [r] = await t.db.insert(auditLogs).values({ actorKind: "system", action: "settings.updated", targetType: "settings", targetId: "x", createdAt: new Date("2020-01-01T00:00:00Z") }).returning({ id: auditLogs.id });
  return String(r!.id);
}

describe("deleting audit rows", () => {
  it("an admin-role or operations agent is refused, and the row stays", async () => {
    for (const role of ["admin", "operations"]) {
      const staff = await makeStaff(t.db, role);
      const id = await auditRow();
      await expect(deleteAdminLogEntry(staff.ctx, { target: "audit", id })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "permission_required", permission: "audit.delete" } });
      await expect(cleanupExpiredAdminLogs(staff.ctx, { target: "audit", cutoffDays: 30 })).rejects.toMatchObject({ code: "FORBIDDEN", details: { permission: "audit.delete" } });
      await expect(cleanupExpiredAdminLogs(staff.ctx, { target: "all", cutoffDays: 30 })).rejects.toMatchObject({ code: "FORBIDDEN", details: { permission: "audit.delete" } });
      expect(await t.db.select().from(auditLogs).where(eq(auditLogs.id, Number(id)))).toHaveLength(1);
      // Other logs are theirs to clean.
      await expect(cleanupExpiredAdminLogs(staff.ctx, { target: "traffic", cutoffDays: 30 })).resolves.toMatchObject({ target: "traffic" });
    }
  });

  it("an owner may", async () => {
    const owner = await makeUser(t.db, "ADMIN");
    const id = await auditRow();
    await expect(deleteAdminLogEntry(owner.ctx, { target: "audit", id })).resolves.toMatchObject({ target: "audit", id });
  });
});

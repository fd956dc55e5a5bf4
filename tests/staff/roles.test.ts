// Issue 29 item 1: custom roles made from the same permissions as the built-in ones. Create, edit
// (applies to holders on their next request), delete (refused while someone holds it); built-in
// names and unknown permissions are refused; every change is audited.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { builtInPermissions, PERMISSIONS } from "../../src/server/auth/permissions";
import { auditLogs, staffRoles } from "../../src/server/db/schema";
import { changeStaffRole, deleteStaffRole, listStaffRoles, saveStaffRole } from "../../src/server/services/staff";
import { makeStaff } from "../helpers/actors";
import { live, openStaffSite, signIn } from "./helpers";

const site = openStaffSite();

describe("custom roles", () => {
  it("are created, listed with their holders, edited and deleted, each change audited", async () => {
    const made = await saveStaffRole(site.owner.ctx, { name: "night-desk", description: "Tickets at night", permissions: ["tickets.write", "tickets.read", "users.read"], mode: "create" });
    // Stored in the catalogue's order, whatever order they came in.
    expect(made).toMatchObject({ name: "night-desk", description: "Tickets at night", permissions: ["users.read", "tickets.read", "tickets.write"], holders: 0 });
    const agent = await makeStaff(site.db, "support");
    await changeStaffRole(site.owner.ctx, agent.id, { role: "night-desk" });

    const roles = await listStaffRoles(site.owner.ctx);
    expect(roles.builtIn.map((r) => r.name)).toEqual(["owner", "admin", "support", "finance", "operations"]);
    expect(roles.builtIn.find((r) => r.name === "owner")!.permissions).toEqual([...PERMISSIONS]);
    expect(roles.builtIn.find((r) => r.name === "support")!.permissions).toEqual([...builtInPermissions("support")]);
    expect(roles.custom).toEqual([expect.objectContaining({ name: "night-desk", holders: 1, permissions: ["users.read", "tickets.read", "tickets.write"] })]);

    // An edit reaches the holder's next request without ending the session.
    const s = await signIn(site.db, agent.id);
    expect((await live(site.db, s))!.customPermissions).toEqual(["users.read", "tickets.read", "tickets.write"]);
    await saveStaffRole(site.owner.ctx, { name: "night-desk", description: "", permissions: ["tickets.read"], mode: "update" });
    expect((await live(site.db, s))!.customPermissions).toEqual(["tickets.read"]);

    await expect(deleteStaffRole(site.owner.ctx, "night-desk")).rejects.toMatchObject({ code: "CONFLICT", reason: "staff_role_in_use", details: { count: 1 } });
    await changeStaffRole(site.owner.ctx, agent.id, { role: "support" });
    expect(await deleteStaffRole(site.owner.ctx, "night-desk")).toEqual({ deleted: true });
    expect(await site.db.select().from(staffRoles).where(eq(staffRoles.name, "night-desk"))).toEqual([]);
    await expect(deleteStaffRole(site.owner.ctx, "night-desk")).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_role_unknown" });

    const audit = await site.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "staff_role"), eq(auditLogs.targetId, "night-desk")));
    expect(audit.map((a) => a.action)).toEqual(["staff_role.saved", "staff_role.saved", "staff_role.deleted"]);
    expect(audit[1]!.metadata).toMatchObject({ mode: "update", permissions: ["tickets.read"], before: ["users.read", "tickets.read", "tickets.write"] });
  });

  it("refuse built-in names, bad names, unknown permissions, a taken name and editing a missing role", async () => {
    for (const name of ["owner", "support"]) {
      await expect(saveStaffRole(site.owner.ctx, { name, permissions: ["tickets.read"], mode: "create" })).rejects.toMatchObject({ code: "VALIDATION", reason: "staff_role_builtin" });
      await expect(deleteStaffRole(site.owner.ctx, name)).rejects.toMatchObject({ reason: "staff_role_builtin" });
    }
    for (const name of ["Night", "9desk", "a", "has space", "x".repeat(41)]) {
      await expect(saveStaffRole(site.owner.ctx, { name, permissions: ["tickets.read"], mode: "create" }), name).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { name: expect.any(String) } } });
    }
    await expect(saveStaffRole(site.owner.ctx, { name: "made-up", permissions: ["tickets.read", "orders.launch"], mode: "create" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(saveStaffRole(site.owner.ctx, { name: "made-up", permissions: [], mode: "create" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { permissions: "too_few" } } });
    await saveStaffRole(site.owner.ctx, { name: "made-up", permissions: ["tickets.read"], mode: "create" });
    await expect(saveStaffRole(site.owner.ctx, { name: "made-up", permissions: ["logs.read"], mode: "create" })).rejects.toMatchObject({ code: "CONFLICT", reason: "staff_role_exists" });
    await expect(saveStaffRole(site.owner.ctx, { name: "never-made", permissions: ["logs.read"], mode: "update" })).rejects.toMatchObject({ code: "VALIDATION", reason: "staff_role_unknown" });
    const [kept] = await site.db.select().from(staffRoles).where(eq(staffRoles.name, "made-up"));
    expect(kept!.permissions).toEqual(["tickets.read"]);
  });

  it("need staff.manage", async () => {
    const admin = await makeStaff(site.db, "admin");
    await expect(listStaffRoles(admin.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "permission_required", details: { permission: "staff.manage" } });
    await expect(saveStaffRole(admin.ctx, { name: "by-admin", permissions: ["tickets.read"], mode: "create" })).rejects.toMatchObject({ reason: "permission_required" });
    await expect(deleteStaffRole(admin.ctx, "made-up")).rejects.toMatchObject({ reason: "permission_required" });
    expect(await site.db.select().from(staffRoles).where(eq(staffRoles.name, "by-admin"))).toEqual([]);
  });

  it("a non-owner cannot edit or delete a role holding permissions it lacks", async () => {
    await saveStaffRole(site.owner.ctx, { name: "money", permissions: ["orders.read", "orders.refund"], mode: "create" });
    const lead = await makeStaff(site.db, "desk-lead", ["staff.manage", "tickets.read"]);
    await expect(saveStaffRole(lead.ctx, { name: "money", permissions: ["tickets.read"], mode: "update" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours", details: { permission: "orders.read" } });
    await expect(deleteStaffRole(lead.ctx, "money")).rejects.toMatchObject({ reason: "staff_role_exceeds_yours" });
    const [kept] = await site.db.select().from(staffRoles).where(eq(staffRoles.name, "money"));
    expect(kept!.permissions).toEqual(["orders.read", "orders.refund"]);
  });
});

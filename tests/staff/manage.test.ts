// Issue 29 items 2 and 5: the owner changes roles (every session of that person ends), disables,
// enables and removes staff, and reads their recent audit entries; owners are changed by themselves
// only, one active owner always remains, and a non-owner who manages staff cannot escalate.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Permission } from "../../src/server/auth/permissions";
import { auditLogs, users } from "../../src/server/db/schema";
import { adminCreateUser, adminUpdateUser } from "../../src/server/services/accounts";
import { recordAudit } from "../../src/server/services/audit";
import { changeStaffRole, inviteStaff, listStaff, removeStaff, saveStaffRole, setStaffStatus, staffAuditTrail } from "../../src/server/services/staff";
import { makeStaff, makeUser } from "../helpers/actors";
import { live, openStaffSite, signIn, staffEmail } from "./helpers";

const site = openStaffSite();
const row = async (id: string) => (await site.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("role changes", () => {
  it("change the role, end every session of that person, and are audited", async () => {
    const agent = await makeStaff(site.db, "support");
    const [a, b] = [await signIn(site.db, agent.id), await signIn(site.db, agent.id)];
    expect(await live(site.db, a)).toMatchObject({ staffRole: "support" });
    const changed = await changeStaffRole(site.owner.ctx, agent.id, { role: "finance" });
    expect(changed).toMatchObject({ id: agent.id, role: "finance", changed: true });
    expect(await live(site.db, a)).toBeNull();
    expect(await live(site.db, b)).toBeNull();
    expect(await live(site.db, await signIn(site.db, agent.id))).toMatchObject({ staffRole: "finance" });
    const [audit] = await site.db.select().from(auditLogs).where(and(eq(auditLogs.action, "staff.role_changed"), eq(auditLogs.targetId, agent.id)));
    expect(audit).toMatchObject({ actorId: site.owner.id, metadata: { from: "support", to: "finance", email: agent.email } });
    // The same role again changes nothing and ends nothing.
    const s = await signIn(site.db, agent.id);
    expect(await changeStaffRole(site.owner.ctx, agent.id, { role: "finance" })).toMatchObject({ changed: false });
    expect(await live(site.db, s)).not.toBeNull();
  });

  it("refuse customers, unknown people and unknown roles", async () => {
    const customer = await makeUser(site.db, "USER");
    const agent = await makeStaff(site.db, "support");
    await expect(changeStaffRole(site.owner.ctx, customer.id, { role: "support" })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_not_found" });
    await expect(changeStaffRole(site.owner.ctx, "00000000-0000-4000-8000-000000000000", { role: "support" })).rejects.toMatchObject({ reason: "staff_not_found" });
    await expect(changeStaffRole(site.owner.ctx, agent.id, { role: "no-such-role" })).rejects.toMatchObject({ code: "VALIDATION", reason: "staff_role_unknown" });
    expect((await row(agent.id)).staffRole).toBe("support");
  });
});

describe("owners", () => {
  it("are changed by themselves only, and the last active owner stays", async () => {
    const other = await makeStaff(site.db, "owner");
    await expect(changeStaffRole(site.owner.ctx, other.id, { role: "admin" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "owner_protected" });
    await expect(setStaffStatus(site.owner.ctx, other.id, { status: "DISABLED", reason: "left" })).rejects.toMatchObject({ reason: "owner_protected" });
    await expect(removeStaff(site.owner.ctx, other.id)).rejects.toMatchObject({ reason: "owner_protected" });
    // The other owner steps down themself: allowed while the first owner remains.
    await changeStaffRole(other.ctx, other.id, { role: "admin" });
    expect((await row(other.id)).staffRole).toBe("admin");
    // Now the first owner is the only one: it cannot step down.
    await expect(changeStaffRole(site.owner.ctx, site.owner.id, { role: "admin" })).rejects.toMatchObject({ code: "CONFLICT", reason: "last_owner" });
    expect((await row(site.owner.id)).staffRole).toBe("owner");
  });

  it("cannot disable or remove themselves", async () => {
    await expect(setStaffStatus(site.owner.ctx, site.owner.id, { status: "DISABLED", reason: "testing" })).rejects.toMatchObject({ reason: "cannot_disable_self" });
    await expect(removeStaff(site.owner.ctx, site.owner.id)).rejects.toMatchObject({ reason: "cannot_remove_self" });
  });
});

describe("disable, enable and remove", () => {
  it("disabling needs a reason and ends the sessions; enabling lets them sign in again", async () => {
    const agent = await makeStaff(site.db, "operations");
    const s = await signIn(site.db, agent.id);
    await expect(setStaffStatus(site.owner.ctx, agent.id, { status: "DISABLED" })).rejects.toMatchObject({ code: "VALIDATION", reason: "status_reason_required" });
    expect(await setStaffStatus(site.owner.ctx, agent.id, { status: "DISABLED", reason: "on leave" })).toMatchObject({ status: "DISABLED", changed: true });
    expect(await live(site.db, s)).toBeNull();
    expect((await row(agent.id)).status).toBe("DISABLED");
    await setStaffStatus(site.owner.ctx, agent.id, { status: "ACTIVE" });
    expect(await live(site.db, await signIn(site.db, agent.id))).toMatchObject({ staffRole: "operations" });
    const actions = (await site.db.select().from(auditLogs).where(eq(auditLogs.targetId, agent.id))).map((a) => [a.action, a.metadata.reason]);
    expect(actions).toEqual(expect.arrayContaining([["staff.disabled", "on leave"], ["staff.enabled", undefined]]));
  });

  it("removal leaves an ordinary account and ends the sessions", async () => {
    const agent = await makeStaff(site.db, "support");
    const s = await signIn(site.db, agent.id);
    await removeStaff(site.owner.ctx, agent.id);
    expect(await row(agent.id)).toMatchObject({ role: "USER", staffRole: null, secondFactorRequired: false, status: "ACTIVE" });
    expect(await live(site.db, s)).toBeNull();
    expect(await live(site.db, await signIn(site.db, agent.id))).toMatchObject({ role: "USER", staffRole: null });
    await expect(removeStaff(site.owner.ctx, agent.id)).rejects.toMatchObject({ reason: "staff_not_found" });
  });
});

describe("a non-owner who manages staff", () => {
  const LEAD: Permission[] = ["staff.manage", "tickets.read", "tickets.write", "users.read", "subscriptions.read", "subscriptions.suspend", "announcements.manage"];

  it("may hand out only what it holds itself, never owner, and cannot change people with more rights", async () => {
    const lead = await makeStaff(site.db, "support-lead", LEAD);
    // Support's permissions are all in LEAD: allowed.
    const agent = await makeStaff(site.db, "operations");
    await expect(changeStaffRole(lead.ctx, agent.id, { role: "support" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "staff_role_exceeds_yours" });
    const helper = await makeStaff(site.db, "support");
    await expect(changeStaffRole(lead.ctx, helper.id, { role: "owner" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "staff_role_owner_only" });
    await expect(changeStaffRole(lead.ctx, helper.id, { role: "finance" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours", details: { permission: "dashboard.read" } });
    await expect(inviteStaff(lead.ctx, { email: staffEmail(), role: "owner" })).rejects.toMatchObject({ reason: "staff_role_owner_only" });
    await expect(inviteStaff(lead.ctx, { email: staffEmail(), role: "admin" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours" });
    await expect(saveStaffRole(lead.ctx, { name: "sneaky", permissions: ["tickets.read", "backup.manage"], mode: "create" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours", details: { permission: "backup.manage" } });
    await expect(setStaffStatus(lead.ctx, agent.id, { status: "DISABLED", reason: "x" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours" });
    expect((await row(agent.id)).status).toBe("ACTIVE");
    // Nor through the accounts verbs: creating staff, or promoting a customer to the admin role.
    const lead2 = await makeStaff(site.db, "support-lead-users", [...LEAD, "users.write"]);
    await expect(adminCreateUser(lead2.ctx, { email: staffEmail(), password: "password-123", role: "ADMIN", staffRole: "admin" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours" });
    await expect(adminCreateUser(lead2.ctx, { email: staffEmail(), password: "password-123", role: "ADMIN", staffRole: "owner" })).rejects.toMatchObject({ reason: "staff_role_owner_only" });
    const customer = await makeUser(site.db);
    await expect(adminUpdateUser(lead2.ctx, customer.id, { role: "ADMIN" })).rejects.toMatchObject({ reason: "staff_role_exceeds_yours" });
    expect((await row(customer.id)).role).toBe("USER");
    expect(await adminCreateUser(lead2.ctx, { email: staffEmail(), password: "password-123", role: "ADMIN", staffRole: "support" })).toMatchObject({ role: "ADMIN" });
    // Within its own rights it works.
    expect(await inviteStaff(lead.ctx, { email: staffEmail(), role: "support" })).toMatchObject({ role: "support" });
    await saveStaffRole(lead.ctx, { name: "ticket-reader", permissions: ["tickets.read"], mode: "create" });
    await changeStaffRole(lead.ctx, helper.id, { role: "ticket-reader" });
    expect((await row(helper.id)).staffRole).toBe("ticket-reader");
  });
});

describe("reads", () => {
  it("the staff list: every staff member with role, status and second factors", async () => {
    const agent = await makeStaff(site.db, "finance");
    await site.db.update(users).set({ secondFactorRequired: true }).where(eq(users.id, agent.id));
    const page = await listStaff(site.owner.ctx, { pageSize: 200 });
    const mine = page.rows.find((r) => r.id === agent.id)!;
    expect(Object.keys(mine).sort()).toEqual(["createdAt", "email", "enrolmentPending", "id", "lastLoginAt", "name", "passkeys", "role", "status", "twoFactor"]);
    expect(mine).toMatchObject({ email: agent.email, role: "finance", status: "ACTIVE", twoFactor: false, passkeys: 0, enrolmentPending: true });
    expect(page.rows[0]!.role).toBe("owner"); // owners first
    expect(page.total).toBe(page.rows.length);
    expect(page.rows.every((r) => r.role !== "")).toBe(true);
    const customer = await makeUser(site.db, "USER");
    expect(page.rows.map((r) => r.id)).not.toContain(customer.id);
    const p2 = await listStaff(site.owner.ctx, { pageSize: 1, page: 2 });
    expect(p2.rows).toHaveLength(1);
    expect(p2.rows[0]!.id).toBe(page.rows[1]!.id);
  });

  it("the audit trail: that person's last 20 entries as the actor, newest first; staff.manage only", async () => {
    const agent = await makeStaff(site.db, "support");
    for (let i = 0; i < 25; i++) await recordAudit({ ...agent.ctx, now: () => new Date() }, { action: "ticket.replied", targetType: "ticket", targetId: `t-${i}` });
    await recordAudit(site.owner.ctx, { action: "ticket.updated", targetType: "ticket", targetId: "owner-entry" });
    const trail = await staffAuditTrail(site.owner.ctx, agent.id);
    expect(trail).toHaveLength(20);
    expect(trail.map((e) => e.targetId)).toEqual(Array.from({ length: 20 }, (_, i) => `t-${24 - i}`));
    expect(trail.every((e) => e.action === "ticket.replied")).toBe(true);
    await expect(staffAuditTrail(agent.ctx, agent.id)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "permission_required", details: { permission: "staff.manage" } });
    await expect(listStaff(agent.ctx)).rejects.toMatchObject({ reason: "permission_required" });
    const customer = await makeUser(site.db, "USER");
    await expect(staffAuditTrail(site.owner.ctx, customer.id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_not_found" });
  });
});

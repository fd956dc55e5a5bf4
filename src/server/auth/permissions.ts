// Staff permissions (issue 29): one name per service-verb area, checked in the verbs through Ctx
// (requireAdmin(ctx, permission)), so a page, route, Server Action or CLI that forgets its own guard
// still grants nothing. Built-in roles are fixed sets; custom roles (staff_roles) pick from the same list.

export const PERMISSIONS = [
  "dashboard.read",
  "users.read",
  "users.write",
  "subscriptions.read",
  "subscriptions.suspend",
  "subscriptions.write",
  "orders.read",
  "orders.write",
  "orders.refund",
  "payments.secrets",
  "catalog.read",
  "catalog.write",
  "coupons.read",
  "coupons.write",
  "wallet.read",
  "wallet.write",
  "referral.read",
  "referral.write",
  "exports.run",
  "nodes.read",
  "nodes.write",
  "risk.read",
  "risk.write",
  "logs.read",
  "logs.write",
  "tasks.read",
  "tasks.write",
  "tickets.read",
  "tickets.write",
  "announcements.manage",
  "kb.manage",
  "mail.manage",
  "settings.read",
  "settings.write",
  "webhooks.manage",
  "apiTokens.manage",
  // Deleting audit rows (one, or by age): removing the record of what staff did is the owner's call.
  "audit.delete",
  "backup.manage",
  "staff.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const BUILT_IN_ROLES = ["owner", "admin", "support", "finance", "operations"] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** What only an owner may do: manage staff and roles, back up and restore, see and change payment secrets, delete audit rows. */
const OWNER_ONLY: readonly Permission[] = ["staff.manage", "backup.manage", "payments.secrets", "audit.delete"];

const ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  support: ["tickets.read", "tickets.write", "users.read", "subscriptions.read", "subscriptions.suspend", "announcements.manage"],
  finance: [
    "dashboard.read",
    "orders.read",
    "orders.write",
    "orders.refund",
    "coupons.read",
    "coupons.write",
    "wallet.read",
    "wallet.write",
    "referral.read",
    "referral.write",
    "exports.run",
    // The buyer behind an order and the plan it names: read only.
    "users.read",
    "catalog.read",
  ],
  // exports.run: the logs they read, downloaded (the audit-log export needs logs.read as well).
  operations: ["dashboard.read", "nodes.read", "nodes.write", "risk.read", "risk.write", "logs.read", "logs.write", "tasks.read", "tasks.write", "exports.run"],
};

export const isBuiltInRole = (name: string): name is BuiltInRole => (BUILT_IN_ROLES as readonly string[]).includes(name);
export const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

/** A built-in role's permissions. */
export const builtInPermissions = (role: BuiltInRole): readonly Permission[] => ROLE_PERMISSIONS[role];

/**
 * The permissions of a staff role: a built-in role's fixed set, else the custom role's stored list
 * (unknown names dropped). A role that no longer exists grants nothing: fail closed.
 */
export function permissionsOf(staffRole: string | null | undefined, customPermissions: readonly string[] | null | undefined): ReadonlySet<Permission> {
  if (!staffRole) return new Set();
  if (isBuiltInRole(staffRole)) return new Set(ROLE_PERMISSIONS[staffRole]);
  return new Set((customPermissions ?? []).filter(isPermission));
}

export const ALL_PERMISSIONS: ReadonlySet<Permission> = new Set(PERMISSIONS);

// Who among the staff holds a permission (issue 29): notices, mails and assignee lists that speak to
// "the staff" reach only those whose role may act on them (a ticket is not news to finance).
import { and, eq } from "drizzle-orm";
import { permissionsOf, type Permission } from "../../auth/permissions";
import type { Db } from "../../db/client";
import { staffRoles, users } from "../../db/schema";

export interface StaffHolder { id: string; name: string; email: string; locale: string | null }

/** Active staff whose role grants `permission` (a handful of rows: the role is resolved in code). */
export async function activeStaffWith(db: Db, permission: Permission): Promise<StaffHolder[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale, staffRole: users.staffRole, customPermissions: staffRoles.permissions })
    .from(users)
    .leftJoin(staffRoles, eq(staffRoles.name, users.staffRole))
    .where(and(eq(users.role, "ADMIN"), eq(users.status, "ACTIVE")))
    .limit(1000);
  return rows.filter((r) => permissionsOf(r.staffRole, r.customPermissions).has(permission)).map(({ id, name, email, locale }) => ({ id, name, email, locale }));
}

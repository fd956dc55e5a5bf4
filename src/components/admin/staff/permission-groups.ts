// The permission catalogue grouped by area for the role editor and the built-in matrix: "orders"
// with read / write / refund. Pure data (auth/permissions.ts has no server imports).
import { PERMISSIONS, type Permission } from "@/server/auth/permissions";

export type PermissionArea = Permission extends `${infer A}.${string}` ? A : never;
export type PermissionAction = Permission extends `${string}.${infer V}` ? V : never;

export interface PermissionGroup { area: PermissionArea; permissions: { permission: Permission; action: PermissionAction }[] }

export const PERMISSION_GROUPS: readonly PermissionGroup[] = PERMISSIONS.reduce<PermissionGroup[]>((groups, permission) => {
  const [area, action] = permission.split(".") as [PermissionArea, PermissionAction];
  const last = groups.at(-1);
  if (last?.area === area) last.permissions.push({ permission, action });
  else groups.push({ area, permissions: [{ permission, action }] });
  return groups;
}, []);

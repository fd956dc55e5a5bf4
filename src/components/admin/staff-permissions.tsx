"use client";
// The signed-in staff member's permissions on the browser side (issue 29), set once by the admin
// shell from the session: client components hide the buttons of writes the role lacks. Only a
// courtesy: every verb checks its permission itself. Without a provider nothing is allowed (fail
// closed), so a component rendered outside the admin shell shows no admin writes.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import type { Permission } from "@/server/auth/permissions";

const StaffPermissionsContext = createContext<ReadonlySet<string>>(new Set());

export function StaffPermissionsProvider({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  const key = [...permissions].sort().join(",");
  // One Set per distinct list, so consumers do not re-render on every shell render.
  const value = useMemo(() => new Set(key ? key.split(",") : []), [key]);
  return <StaffPermissionsContext.Provider value={value}>{children}</StaffPermissionsContext.Provider>;
}

/** `can("orders.refund")`: whether the staff member's role grants that permission. */
export function useCan(): (permission: Permission) => boolean {
  const set = useContext(StaffPermissionsContext);
  return useCallback((permission: Permission) => set.has(permission), [set]);
}

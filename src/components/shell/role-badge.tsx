"use client";
import { Badge } from "@mantine/core";
import { useLabels } from "../labels/use-labels";
import type { UserRole } from "@/server/db/schema/accounts";

/** An account's role in words (the label catalogue's `userRole`), wherever a role is shown. */
export function RoleBadge({ role }: { role: UserRole }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={role === "ADMIN" ? "grape" : "gray"} style={{ flexShrink: 0 }} data-testid="role-badge" data-role={role}>
      {label("userRole", role)}
    </Badge>
  );
}

"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { UserRole } from "@/server/db/schema/accounts";

/** An account's role in words (messages `role.*`), wherever a role is shown. */
export function RoleBadge({ role }: { role: UserRole }) {
  const t = useTranslations("role");
  return (
    <Badge variant="light" color={role === "ADMIN" ? "grape" : "gray"} style={{ flexShrink: 0 }} data-testid="role-badge" data-role={role}>
      {t(role)}
    </Badge>
  );
}

"use client";
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ListToolbar } from "../list-kit";
import { UserFormModal } from "./user-form-modal";
import { useCan } from "../staff-permissions";

const ROLES = ["ADMIN", "USER"] as const;
const STATUSES = ["ACTIVE", "PENDING_EMAIL", "DISABLED", "BANNED"] as const;

/** Search as you type, role and status, kept in the URL; any change starts again at page 1. */
export function UsersToolbar() {
  const t = useTranslations("adminUsers");
  const ts = useTranslations("status");
  const tr = useTranslations("role");
  const [creating, setCreating] = useState(false);
  const mayCreate = useCan()("users.write");
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "user-search" }}
      filters={[
        { param: "role", label: t("role"), placeholder: t("allRoles"), data: ROLES.map((r) => ({ value: r, label: tr(r) })), testId: "role-filter", width: 150 },
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: STATUSES.map((s) => ({ value: s, label: ts(s) })), testId: "status-filter" },
      ]}
    >
      {mayCreate ? (
        <>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-user">
            {t("create")}
          </Button>
          <UserFormModal mode="create" opened={creating} onClose={() => setCreating(false)} />
        </>
      ) : null}
    </ListToolbar>
  );
}

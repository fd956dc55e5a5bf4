"use client";
// The admin user list on the list kit: a table on wide screens, a card per user on a phone (email,
// role and status up top, the actions always in view).
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { RoleBadge } from "../../shell/role-badge";
import { StatusBadge } from "../../shell/status-badge";
import { CardActions, CardFact, ListView, Truncated, type Column } from "../list-kit";
import { DeleteUserModal } from "./delete-user-modal";
import { StatusChangeModal, type StatusChange } from "./status-change-modal";
import { UserActions, type UserRow } from "./user-actions";
import { UserFormModal, type EditableUser } from "./user-form-modal";

export type { UserRow } from "./user-actions";

export function UsersTable({ rows, currentUserId, wallet = false }: { rows: UserRow[]; currentUserId: string; wallet?: boolean }) {
  const t = useTranslations("adminUsers");
  const f = useFormatter();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; email: string } | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—");
  const you = (u: UserRow) =>
    u.id === currentUserId ? (
      <Badge size="xs" variant="outline" ml={4}>
        {t("you")}
      </Badge>
    ) : null;
  const actions = (u: UserRow) => (
    <UserActions
      user={u}
      self={u.id === currentUserId}
      wallet={wallet}
      onStatus={(status) => setStatusChange({ user: { id: u.id, email: u.email }, status })}
      onEdit={() => setEditing({ id: u.id, email: u.email, name: u.name, role: u.role })}
      onDelete={() => setDeleting({ id: u.id, email: u.email })}
    />
  );

  const columns: Column<UserRow>[] = [
    {
      key: "email",
      header: t("email"),
      cell: (u) => (
        <Group gap={0} wrap="nowrap">
          <Truncated text={u.email} fw={500} maw={280} />
          {you(u)}
        </Group>
      ),
    },
    { key: "name", header: t("name"), cell: (u) => (u.name ? <Truncated text={u.name} maw={180} /> : null) },
    { key: "role", header: t("role"), cell: (u) => <RoleBadge role={u.role} /> },
    { key: "status", header: t("status"), cell: (u) => <StatusBadge status={u.status} /> },
    { key: "createdAt", header: t("createdAt"), cell: (u) => <Text size="xs">{when(u.createdAt)}</Text> },
    { key: "lastLogin", header: t("lastLogin"), cell: (u) => <Text size="xs">{when(u.lastLoginAt)}</Text> },
    { key: "actions", header: t("actions"), align: "right", sticky: true, cell: actions },
  ];

  const card = (u: UserRow) => (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {u.email}
        {you(u)}
      </Text>
      {u.name ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {u.name}
        </Text>
      ) : null}
      <Group gap={6} mt={6}>
        <RoleBadge role={u.role} />
        <StatusBadge status={u.status} />
      </Group>
      <CardFact label={t("createdAt")} value={when(u.createdAt)} mt={6} />
      <CardFact label={t("lastLogin")} value={when(u.lastLoginAt)} />
      <CardActions>
        {actions(u)}
      </CardActions>
    </>
  );

  return (
    <Stack gap="sm">
      <ListView rows={rows} rowKey={(u) => u.id} columns={columns} card={card} rowAttrs={(u) => ({ "data-testid": "user-row", "data-email": u.email })} empty={t("empty")} testId="users" minWidth={860} />
      <UserFormModal mode="edit" user={editing} opened={!!editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <StatusChangeModal change={statusChange} onClose={() => setStatusChange(null)} />
    </Stack>
  );
}

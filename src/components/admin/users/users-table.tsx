"use client";
import { ActionIcon, Badge, Button, Card, Group, Menu, Table, Text, Tooltip } from "@mantine/core";
import { IconChevronDown, IconPencil, IconTrash } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setUserStatusAction } from "@/app/admin/users/actions";
import { notifyError, notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { RoleBadge } from "../../shell/role-badge";
import { StatusBadge, STATUS_COLORS, type AccountStatus } from "../../shell/status-badge";
import { DeleteUserModal } from "./delete-user-modal";
import { UserFormModal, type EditableUser } from "./user-form-modal";

export interface UserRow extends EditableUser {
  status: AccountStatus;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

const SETTABLE = ["ACTIVE", "DISABLED", "BANNED"] as const;

function StatusMenu({ user, self }: { user: UserRow; self: boolean }) {
  const t = useTranslations("adminUsers");
  const ts = useTranslations("status");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const change = async (status: (typeof SETTABLE)[number]) => {
    if (status === user.status) return;
    setBusy(true);
    const r = await setUserStatusAction(user.id, status).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("statusChanged", { email: user.email, status: ts(status) }));
    router.refresh();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="compact-xs" rightSection={<IconChevronDown size={12} />} loading={busy} disabled={self} aria-label={t("setStatus")} data-testid={`status-menu-${user.email}`}>
          {t("setStatus")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("setStatus")}</Menu.Label>
        {SETTABLE.map((s) => (
          <Menu.Item key={s} color={s === "ACTIVE" ? undefined : STATUS_COLORS[s]} disabled={s === user.status} onClick={() => change(s)} data-testid={`status-${s}`}>
            {ts(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function UsersTable({ rows, currentUserId }: { rows: UserRow[]; currentUserId: string }) {
  const t = useTranslations("adminUsers");
  const f = useFormatter();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; email: string } | null>(null);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—");

  if (rows.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid="users-empty">
          {t("empty")}
        </Text>
      </Card>
    );
  }

  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={860} type="native">
        {/* One line per cell: on phones the table scrolls sideways instead of breaking emails apart. */}
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("email")}</Table.Th>
              <Table.Th>{t("name")}</Table.Th>
              <Table.Th>{t("role")}</Table.Th>
              <Table.Th>{t("status")}</Table.Th>
              <Table.Th>{t("createdAt")}</Table.Th>
              <Table.Th>{t("lastLogin")}</Table.Th>
              <Table.Th ta="right">{t("actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => {
              const self = u.id === currentUserId;
              return (
                <Table.Tr key={u.id} data-testid="user-row" data-email={u.email}>
                  <Table.Td>
                    <Text size="sm" fw={500} span>
                      {u.email}
                    </Text>
                    {self ? (
                      <Badge size="xs" variant="outline" ml={4}>
                        {t("you")}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>
                    <RoleBadge role={u.role} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={u.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(u.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(u.lastLoginAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <StatusMenu user={u} self={self} />
                      <Tooltip label={t("edit")}>
                        <ActionIcon variant="subtle" onClick={() => setEditing({ id: u.id, email: u.email, name: u.name, role: u.role })} aria-label={t("edit")} data-testid={`edit-${u.email}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("delete")}>
                        <ActionIcon variant="subtle" color="red" disabled={self} onClick={() => setDeleting({ id: u.id, email: u.email })} aria-label={t("delete")} data-testid={`delete-${u.email}`}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <UserFormModal mode="edit" user={editing} opened={!!editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

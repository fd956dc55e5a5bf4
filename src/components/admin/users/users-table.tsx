"use client";
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconChevronDown, IconPencil, IconTrash, IconWallet } from "@tabler/icons-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { RoleBadge } from "../../shell/role-badge";
import { StatusBadge, STATUS_COLORS, type AccountStatus } from "../../shell/status-badge";
import { useRowName } from "../../a11y/row-name";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { DeleteUserModal } from "./delete-user-modal";
import { SETTABLE_STATUSES, StatusChangeModal, type SettableStatus, type StatusChange } from "./status-change-modal";
import { UserFormModal, type EditableUser } from "./user-form-modal";

export interface UserRow extends EditableUser {
  status: AccountStatus;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** Choosing a status opens the confirmation dialog (StatusChangeModal); nothing changes on the click itself. */
function StatusMenu({ user, self, onChoose }: { user: UserRow; self: boolean; onChoose: (status: SettableStatus) => void }) {
  const t = useTranslations("adminUsers");
  const ts = useTranslations("status");
  const rowName = useRowName();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="compact-xs" rightSection={<IconChevronDown size={12} />} disabled={self} aria-label={rowName(t("setStatus"), user.email)} data-testid={`status-menu-${user.email}`}>
          {t("setStatus")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("setStatus")}</Menu.Label>
        {SETTABLE_STATUSES.map((s) => (
          <Menu.Item key={s} color={s === "ACTIVE" ? undefined : STATUS_COLORS[s]} disabled={s === user.status} onClick={() => onChoose(s)} data-testid={`status-${s}`}>
            {ts(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Status menu, edit and delete: the same controls in a table row and in a phone card. */
function UserActions({ user, self, wallet, onStatus, onEdit, onDelete }: { user: UserRow; self: boolean; wallet: boolean; onStatus: (status: SettableStatus) => void; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations("adminUsers");
  const tw = useTranslations("adminWalletUser.user");
  const rowName = useRowName();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <StatusMenu user={user} self={self} onChoose={onStatus} />
      {wallet ? (
        <Tooltip label={tw("openWallet")}>
          <ActionIcon component={Link} href={`/admin/users/${user.id}/wallet`} variant="subtle" aria-label={rowName(tw("openWallet"), user.email)} data-testid={`wallet-${user.email}`}>
            <IconWallet size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={t("edit")}>
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={rowName(t("edit"), user.email)} data-testid={`edit-${user.email}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("delete")}>
        <ActionIcon variant="subtle" color="red" disabled={self} onClick={onDelete} aria-label={rowName(t("delete"), user.email)} data-testid={`delete-${user.email}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function UsersTable({ rows, currentUserId, wallet = false }: { rows: UserRow[]; currentUserId: string; wallet?: boolean }) {
  const t = useTranslations("adminUsers");
  const f = useFormatter();
  const phone = usePhoneLayout();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; email: string } | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—");
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
  const modals = (
    <>
      <UserFormModal mode="edit" user={editing} opened={!!editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <StatusChangeModal change={statusChange} onClose={() => setStatusChange(null)} />
    </>
  );

  if (rows.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid="users-empty">
          {t("empty")}
        </Text>
      </Card>
    );
  }

  // On a phone each user is a card: email, role and status up top, the actions always in view.
  if (phone) {
    return (
      <Stack gap="xs" data-testid="users-cards">
        {rows.map((u) => (
          <Card key={u.id} withBorder padding="sm" data-testid="user-row" data-email={u.email}>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {u.email}
              {u.id === currentUserId ? (
                <Badge size="xs" variant="outline" ml={4}>
                  {t("you")}
                </Badge>
              ) : null}
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
            <Text size="xs" c="dimmed" mt={6}>
              {t("labeled", { label: t("createdAt"), value: when(u.createdAt) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("labeled", { label: t("lastLogin"), value: when(u.lastLoginAt) })}
            </Text>
            <Group justify="flex-end" mt={6}>
              {actions(u)}
            </Group>
          </Card>
        ))}
        {modals}
      </Stack>
    );
  }

  return (
    <Card withBorder padding={0} data-testid="users-table">
      <Table.ScrollContainer minWidth={860} type="native">
        {/* One line per cell; phones get the card layout above instead. */}
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("email")}</Table.Th>
              <Table.Th>{t("name")}</Table.Th>
              <Table.Th>{t("role")}</Table.Th>
              <Table.Th>{t("status")}</Table.Th>
              <Table.Th>{t("createdAt")}</Table.Th>
              <Table.Th>{t("lastLogin")}</Table.Th>
              <Table.Th ta="right" style={stickyEndCell()}>
                {t("actions")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u, idx) => (
              <Table.Tr key={u.id} data-testid="user-row" data-email={u.email}>
                <Table.Td>
                  <Text size="sm" fw={500} span>
                    {u.email}
                  </Text>
                  {u.id === currentUserId ? (
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
                <Table.Td style={stickyEndCell(idx % 2 === 0)}>{actions(u)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {modals}
    </Card>
  );
}

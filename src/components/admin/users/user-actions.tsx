"use client";
// A user's row actions: the status menu (through its confirmation), the wallet, edit and delete;
// the same controls in a table row and in a phone card.
import { ActionIcon, Button, Group, Menu, Tooltip } from "@mantine/core";
import { IconChevronDown, IconPencil, IconTrash, IconWallet } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRowName } from "../../a11y/row-name";
import { STATUS_COLORS, type AccountStatus } from "../../shell/status-badge";
import { SETTABLE_STATUSES, type SettableStatus } from "./status-change-modal";
import type { EditableUser } from "./user-form-modal";
import { useCan } from "../staff-permissions";

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

/** Status menu, wallet, edit and delete, those the role allows: the same controls in a table row and in a phone card. */
export function UserActions({ user, self, wallet, onStatus, onEdit, onDelete }: { user: UserRow; self: boolean; wallet: boolean; onStatus: (status: SettableStatus) => void; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations("adminUsers");
  const tw = useTranslations("adminWalletUser.user");
  const rowName = useRowName();
  const can = useCan();
  // Writes only for a role with users.write; a staff account (ADMIN) is changed with staff.manage too.
  const change = can("users.write") && (user.role !== "ADMIN" || can("staff.manage"));
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {change ? <StatusMenu user={user} self={self} onChoose={onStatus} /> : null}
      {wallet && can("wallet.read") ? (
        <Tooltip label={tw("openWallet")}>
          <ActionIcon component={Link} href={`/admin/users/${user.id}/wallet`} variant="subtle" aria-label={rowName(tw("openWallet"), user.email)} data-testid={`wallet-${user.email}`}>
            <IconWallet size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {change ? (
        <>
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
        </>
      ) : null}
    </Group>
  );
}

"use client";
// Roles: the built-in roles' permissions as a read-only matrix (permission rows grouped by area,
// one column per role), and the custom roles with their holders, edited in role-editor.tsx and
// deleted after a confirmation (refused while someone holds the role).
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconCheck, IconMinus, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Fragment, useState } from "react";
import { deleteStaffRoleAction } from "@/app/admin/staff/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import type { Permission } from "@/server/auth/permissions";
import type { StaffRolesView, CustomRoleView } from "@/server/services/staff/roles";
import { PERMISSION_GROUPS } from "./permission-groups";
import { RoleEditor } from "./role-editor";
import { useRoleWords } from "./role-words";

function BuiltInMatrix({ roles }: { roles: StaffRolesView["builtIn"] }) {
  const t = useTranslations("adminStaff");
  const words = useRoleWords();
  return (
    <Card withBorder padding={0} data-testid="staff-roles-matrix">
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing={4} striped withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("permission")}</Table.Th>
              {roles.map((r) => (
                <Table.Th key={r.name} ta="center" title={words.hint(r.name)}>
                  {words.name(r.name)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PERMISSION_GROUPS.map((g) => (
              <Fragment key={g.area}>
                <Table.Tr>
                  <Table.Td colSpan={roles.length + 1}>
                    <Text size="xs" fw={700} c="dimmed">
                      {t(`areas.${g.area}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {g.permissions.map(({ permission, action }) => (
                  <Table.Tr key={permission} data-permission={permission}>
                    <Table.Td pl="lg">
                      <Text size="sm">{t(`permissionActions.${action}`)}</Text>
                    </Table.Td>
                    {roles.map((r) => {
                      const has = r.permissions.includes(permission);
                      return (
                        <Table.Td key={r.name} ta="center" aria-label={has ? t("granted") : t("notGranted")} data-granted={has}>
                          {has ? <IconCheck size={16} color="var(--mantine-color-teal-6)" /> : <IconMinus size={14} color="var(--mantine-color-dimmed)" />}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function CustomRoleCard({ role, onEdit, onDelete }: { role: CustomRoleView; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations("adminStaff");
  return (
    <Card withBorder padding="sm" data-testid={`staff-custom-role-${role.name}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {role.name}
          </Text>
          {role.description ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {role.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("holders", { count: role.holders })}
          </Text>
        </Stack>
        <Group gap={6}>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`${t("edit")}: ${role.name}`} data-testid={`staff-role-edit-${role.name}`}>
            {t("edit")}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`${t("delete")}: ${role.name}`} data-testid={`staff-role-delete-${role.name}`}>
            {t("delete")}
          </Button>
        </Group>
      </Group>
      <Group gap={4} mt="xs">
        {role.permissions.map((p) => (
          <Badge key={p} size="sm" variant="outline" ff="monospace" style={{ flexShrink: 0, textTransform: "none" }}>
            {p}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}

export function RolesPanel({ roles, allowed }: { roles: StaffRolesView; allowed: Permission[] }) {
  const t = useTranslations("adminStaff");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [editing, setEditing] = useState<CustomRoleView | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomRoleView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    const r = await deleteStaffRoleAction(deleting.name).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted", { name: deleting.name }));
    setDeleting(null);
    router.refresh();
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t("rolesTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("rolesHint")}
          </Text>
        </div>
        <Title order={4} size="h5">
          {t("builtInTitle")}
        </Title>
        <BuiltInMatrix roles={roles.builtIn} />
        <Group justify="space-between">
          <Title order={4} size="h5">
            {t("customTitle")}
          </Title>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing("new")} data-testid="staff-role-new">
            {t("newRole")}
          </Button>
        </Group>
        {roles.custom.length ? (
          <Stack gap="xs">
            {roles.custom.map((r) => (
              <CustomRoleCard key={r.name} role={r} onEdit={() => setEditing(r)} onDelete={() => (setError(null), setDeleting(r))} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="staff-custom-roles-empty">
            {t("customEmpty")}
          </Text>
        )}
      </Stack>
      <RoleEditor editing={editing} allowed={allowed} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        busy={busy}
        error={error}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        testId="staff-role-delete"
      >
        {t("deleteText")}
      </ConfirmModal>
    </Card>
  );
}

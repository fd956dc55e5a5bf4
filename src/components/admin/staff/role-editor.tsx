"use client";
// A custom role's editor: its name (fixed once made), a description, and its permissions as
// checkboxes grouped by area ("Orders": view / change / refund). Permissions the viewer's own role
// lacks are shown but cannot be ticked: the server would refuse them (staff_role_exceeds_yours).
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { saveStaffRoleAction } from "@/app/admin/staff/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { PERMISSIONS, type Permission } from "@/server/auth/permissions";
import type { CustomRoleView } from "@/server/services/staff/roles";
import { PERMISSION_GROUPS } from "./permission-groups";

export function RoleEditor({ editing, allowed, onClose }: { editing: CustomRoleView | "new" | null; allowed: Permission[]; onClose: () => void }) {
  const t = useTranslations("adminStaff");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [picked, setPicked] = useState<Permission[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from the role (or blank), adjusted while rendering, not in an effect.
  const [shown, setShown] = useState(editing);
  if (editing !== shown) {
    setShown(editing);
    const role = editing && editing !== "new" ? editing : null;
    setName(role?.name ?? "");
    setDescription(role?.description ?? "");
    setPicked(role?.permissions ?? []);
    setFields({});
    setError(null);
  }
  const creating = editing === "new";

  const toggle = (p: Permission, on: boolean) => setPicked((was) => PERMISSIONS.filter((x) => (x === p ? on : was.includes(x))));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!name.trim()) f.name = t("required");
    if (!picked.length) f.permissions = t("required");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await saveStaffRoleAction({ name: name.trim(), description: description.trim(), permissions: picked, mode: creating ? "create" : "update" }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(t("saved", { name: r.data.name }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={editing !== null} onClose={busy ? () => undefined : onClose} title={creating ? t("createRoleTitle") : t("editRoleTitle", { name })} centered size="xl">
      <form ref={ref} onSubmit={submit} noValidate data-testid="staff-role-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput label={t("roleName")} description={t("roleNameHint")} required disabled={!creating} maxLength={40} value={name} onChange={(e) => setName(e.currentTarget.value.toLowerCase())} error={fields.name} ff="monospace" data-testid="staff-role-name" data-autofocus />
          <TextInput label={t("description")} maxLength={200} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={fields.description} data-testid="staff-role-description" />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("permissionsLabel")}{" "}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {t("permissionsHint")}
            </Text>
            {fields.permissions ? (
              <Text size="xs" c="red" role="alert">
                {fields.permissions}
              </Text>
            ) : null}
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
            {PERMISSION_GROUPS.map((g) => (
              <Stack key={g.area} gap={4} data-testid={`staff-role-area-${g.area}`}>
                <Text size="sm" fw={600}>
                  {t(`areas.${g.area}`)}
                </Text>
                {g.permissions.map(({ permission, action }) => (
                  <Checkbox
                    key={permission}
                    size="xs"
                    label={t(`permissionActions.${action}`)}
                    checked={picked.includes(permission)}
                    disabled={!allowed.includes(permission) && !picked.includes(permission)}
                    aria-invalid={fields.permissions ? true : undefined}
                    onChange={(e) => toggle(permission, e.currentTarget.checked)}
                    data-testid={`staff-role-permission-${permission}`}
                  />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="staff-role-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

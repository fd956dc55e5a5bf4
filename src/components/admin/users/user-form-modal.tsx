"use client";
// Create and edit a user. Create: email, password, name, role, status. Edit: email, name, role and
// an optional new password (empty keeps the current one).
import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createUser, updateUser } from "@/app/admin/users/actions";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid";
import { FormError } from "../../forms/form-error";
import { looksLikeEmail, MIN_PASSWORD_LENGTH } from "../../forms/rules";
import { notifySuccess } from "../../forms/notify";
import { RequiredNote } from "../../forms/required-note";
import { networkError, useErrorText } from "../../forms/server-error";
import { PasswordField } from "../../forms/password-field";
import { useCan } from "../staff-permissions";

export interface EditableUser {
  id: string;
  email: string;
  name: string;
  role: "ADMIN" | "USER";
}

type Props = { opened: boolean; onClose: () => void } & ({ mode: "create"; user?: undefined } | { mode: "edit"; user: EditableUser | null });


export function UserFormModal({ mode, user, opened, onClose }: Props) {
  const t = useTranslations("adminUsers");
  const tr = useTranslations("role");
  const ts = useTranslations("status");
  const mayManageStaff = useCan()("staff.manage");
  const router = useRouter();
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const blank = { email: "", name: "", password: "", role: "USER", status: "ACTIVE" };
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Reset only when (re)opened or opened for another user: adjusted while rendering, not in an effect.
  // null means closed; starting from null fills the form when the modal mounts already open.
  const openedFor = opened ? (user?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(user ? { email: user.email, name: user.name, password: "", role: user.role, status: "ACTIVE" } : blank);
      setFields({});
      setError(null);
    }
  }

  const set = (k: keyof typeof blank) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before the updater runs.
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [k]: value }));
  };
  const p = mode === "create" ? "new" : "edit";

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!looksLikeEmail(v.email)) f.email = t("emailInvalid");
    if (mode === "create" ? v.password.length < MIN_PASSWORD_LENGTH : v.password.length > 0 && v.password.length < MIN_PASSWORD_LENGTH) f.password = t("passwordShort", { min: MIN_PASSWORD_LENGTH });
    if (v.name.trim().length > 50) f.name = t("nameLong");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    const fd = new FormData();
    fd.set("email", v.email.trim());
    if (v.name.trim()) fd.set("name", v.name.trim());
    fd.set("role", v.role);
    if (v.password) fd.set("password", v.password);
    if (mode === "create") fd.set("status", v.status);
    setBusy(true);
    setError(null);
    const r = await (mode === "create" ? createUser(fd) : updateUser(user!.id, fd)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldTexts(r.error));
      return focusInvalid();
    }
    notifySuccess(mode === "create" ? t("created", { email: r.data.email }) : t("updated", { email: r.data.email }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={mode === "create" ? t("createTitle") : t("editTitle")} centered>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput label={t("email")} type="email" required value={v.email} onChange={set("email")} error={fields.email} data-testid={`${p}-email`} data-autofocus />
          <TextInput label={t("name")} value={v.name} onChange={set("name")} error={fields.name} maxLength={50} data-testid={`${p}-name`} />
          <PasswordField
            label={mode === "create" ? t("password") : t("newPassword")}
            description={mode === "edit" ? t("newPasswordHint") : undefined}
            required={mode === "create"}
            autoComplete="new-password"
            value={v.password}
            onChange={set("password")}
            error={fields.password}
            data-testid={`${p}-password`}
          />
          <Select
            label={t("role")}
            data={(["USER", "ADMIN"] as const).map((r) => ({ value: r, label: tr(r) }))}
            value={v.role}
            onChange={(val) => val && setV((x) => ({ ...x, role: val }))}
            allowDeselect={false}
            // Making or unmaking staff is staff.manage's (issue 29): without it the role stays as it is.
            disabled={!mayManageStaff}
            error={fields.role}
            data-testid={`${p}-role`}
          />
          {mode === "create" ? (
            <Select
              label={t("status")}
              data={(["ACTIVE", "DISABLED", "BANNED"] as const).map((s) => ({ value: s, label: ts(s) }))}
              value={v.status}
              onChange={(val) => val && setV((x) => ({ ...x, status: val }))}
              allowDeselect={false}
              error={fields.status}
              data-testid="new-status"
            />
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid={mode === "create" ? "create-submit" : "edit-submit"}>
              {mode === "create" ? t("createSubmit") : t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

"use client";
// The confirmations of the staff table: a role change, disabling (with the reason the audit log
// keeps), enabling, and removal from the staff. Each says what ends; the server words any refusal.
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeStaffRoleAction, removeStaffAction, setStaffStatusAction } from "@/app/admin/staff/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import type { StaffRow } from "@/server/services/staff/list-staff";
import { useRoleWords } from "./role-words";

export type StaffDialog = { kind: "role"; row: StaffRow; role: string } | { kind: "disable" | "enable" | "remove"; row: StaffRow } | null;

type Answer = { ok: true } | { ok: false; error: UiError };

export function StaffDialogs({ dialog, onClose }: { dialog: StaffDialog; onClose: () => void }) {
  const t = useTranslations("adminStaff");
  const words = useRoleWords();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Each opening starts blank (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(dialog);
  if (dialog !== shown) {
    setShown(dialog);
    setReason("");
    setError(null);
    setReasonError(undefined);
  }
  if (!dialog) return null;
  const email = dialog.row.email;

  const run = async (call: () => Promise<Answer>, done: string) => {
    setBusy(true);
    setError(null);
    const r = await call().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setReasonError(fieldMessages(r.error).reason);
      return;
    }
    notifySuccess(done);
    onClose();
    router.refresh();
  };

  const confirm = () => {
    const id = dialog.row.id;
    if (dialog.kind === "role") return run(() => changeStaffRoleAction(id, dialog.role), t("roleChanged", { email, role: words.name(dialog.role) }));
    if (dialog.kind === "disable") {
      if (!reason.trim()) return setReasonError(t("required"));
      return run(() => setStaffStatusAction(id, { status: "DISABLED", reason: reason.trim() }), t("disabled", { email }));
    }
    if (dialog.kind === "enable") return run(() => setStaffStatusAction(id, { status: "ACTIVE" }), t("enabled", { email }));
    return run(() => removeStaffAction(id), t("removed", { email }));
  };

  const copy = {
    role: { title: t("roleChangeTitle", { email }), text: dialog.kind === "role" ? t("roleChangeText", { email, role: words.name(dialog.role) }) : "", confirm: t("roleChangeConfirm"), color: "blue" },
    disable: { title: t("disableTitle", { email }), text: t("disableText"), confirm: t("disable"), color: "orange" },
    enable: { title: t("enableTitle", { email }), text: t("enableText"), confirm: t("enable"), color: "teal" },
    remove: { title: t("removeTitle", { email }), text: t("removeText"), confirm: t("remove"), color: "red" },
  }[dialog.kind];

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={copy.title} centered>
      <Stack gap="sm">
        <Text size="sm">{copy.text}</Text>
        <FormError>{error}</FormError>
        {dialog.kind === "disable" ? (
          <Textarea label={t("reason")} description={t("reasonHint")} required autosize minRows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} data-testid="staff-dialog-reason" data-autofocus />
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button color={copy.color} onClick={() => void confirm()} loading={busy} data-testid="staff-dialog-confirm">
            {copy.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

"use client";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteUser } from "@/app/admin/users/actions";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";

/** Deleting needs the user's email typed again: a slip of the mouse must not remove an account. */
export function DeleteUserModal({ user, onClose }: { user: { id: string; email: string } | null; onClose: () => void }) {
  const t = useTranslations("adminUsers");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Start fresh whenever another user (or none) is shown: adjusted while rendering, not in an effect.
  const [shownId, setShownId] = useState(user?.id);
  if (user?.id !== shownId) {
    setShownId(user?.id);
    setTyped("");
    setError(null);
  }

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    const r = await deleteUser(user.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted", { email: user.email }));
    onClose();
    router.refresh();
  };

  const matches = !!user && typed.trim().toLowerCase() === user.email.toLowerCase();
  return (
    <Modal opened={!!user} onClose={onClose} title={t("deleteTitle")} centered>
      <Stack gap="sm">
        <Text size="sm">{t("deleteText", { email: user?.email ?? "" })}</Text>
        <FormError>{error}</FormError>
        <TextInput label={t("deleteTypeEmail")} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-testid="delete-confirm-email" data-autofocus />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button color="red" onClick={confirm} disabled={!matches} loading={busy} data-testid="delete-submit">
            {t("delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

"use client";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { FormError } from "@/components/forms/form-error";

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything (default: "Cancel"). */
  cancelLabel?: string;
  /** When set, the confirm button stays disabled until this text is typed. */
  typeToConfirm?: { label: string; value: string };
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** A destructive step asked once more, in words that say what happens and what does not. */
export function ConfirmModal({ opened, title, children, confirmLabel, cancelLabel, typeToConfirm, busy, error, onConfirm, onClose, testId }: Props) {
  const t = useTranslations("nodes");
  const [typed, setTyped] = useState("");
  // Start empty each time the modal opens: adjusted while rendering, not in an effect.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setTyped("");
  }
  const ready = !typeToConfirm || typed.trim() === typeToConfirm.value;
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered>
      <Stack gap="sm">
        <Text size="sm" component="div">
          {children}
        </Text>
        <FormError>{error}</FormError>
        {typeToConfirm ? (
          <TextInput label={typeToConfirm.label} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-testid={`${testId}-type`} data-autofocus />
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t("cancel")}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={!ready} loading={busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

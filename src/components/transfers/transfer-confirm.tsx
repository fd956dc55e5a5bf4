"use client";
// A transfer step asked once more, in words that say what happens: accept is a positive step (teal),
// reject and cancel give the subscription back (red).
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "@/components/forms/form-error";

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  color: "teal" | "red" | "blue";
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

export function TransferConfirm({ opened, title, children, confirmLabel, cancelLabel, color, busy, error, onConfirm, onClose, testId }: Props) {
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm" component="div">
          {children}
        </Text>
        <FormError>{error}</FormError>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

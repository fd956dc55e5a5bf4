"use client";
// The signing secret of a webhook just added, shown this once (selectable where the clipboard is not
// available, plain http). Only the button closes it, as the agent token's dialog: a stray Esc or
// click beside it would lose a secret that cannot be shown again.
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { CopyField } from "@/components/nodes/copy-field";

export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useTranslations("adminWebhooks");
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t("secretTitle")} centered size="lg" closeOnClickOutside={false} closeOnEscape={false}>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconKey size={18} />}>
          <Text size="sm">{t("secretOnce")}</Text>
        </Alert>
        <CopyField value={secret ?? ""} testId="webhook-secret" copyTestId="webhook-secret-copy" />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t("secretDone")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

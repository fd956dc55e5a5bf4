"use client";
// The signing secret of a webhook just added, shown this once: a copy button, and a field the admin
// can select by hand where the clipboard is not available (plain http).
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconKey } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useTranslations("adminWebhooks");
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t("secretTitle")} centered size="lg" closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconKey size={18} />}>
          <Text size="sm">{t("secretOnce")}</Text>
        </Alert>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", userSelect: "all", fontSize: 13 }} p={8} data-testid="webhook-secret">
            {secret}
          </Code>
          <CopyButton value={secret ?? ""} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("copied") : t("copy")} withArrow position="left">
                <ActionIcon variant="light" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} size="lg" data-testid="webhook-secret-copy">
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t("secretDone")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

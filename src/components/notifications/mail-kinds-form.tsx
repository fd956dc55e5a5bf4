"use client";
// Which kinds of notification also arrive by mail (per user).
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { updateMailKindsAction } from "@/app/(user)/notifications/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/server/db/schema/notification-kinds";

export function MailKindsForm({ initial }: { initial: NotificationKind[] }) {
  const t = useTranslations("notifications");
  const { messageOf } = useErrorText();
  const [kinds, setKinds] = useState<string[]>(initial);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const r = await updateMailKindsAction(kinds).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("mailSaved"));
  };
  return (
    <Card withBorder padding="md" data-testid="mail-kinds">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5">
            {t("mailTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("mailHint")}
          </Text>
        </div>
        <Checkbox.Group value={kinds} onChange={setKinds} aria-label={t("mailTitle")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {NOTIFICATION_KINDS.map((k) => (
              <Checkbox key={k} value={k} label={t(`kind.${k}`)} data-testid={`mail-kind-${k}`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button onClick={save} loading={busy} data-testid="mail-kinds-save">
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

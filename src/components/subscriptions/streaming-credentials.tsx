"use client";
// A streaming subscription's shared-account login, fetched only when the owner asks for it (the
// server decrypts it per request; it is never part of the page as sent).
import { Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconEyeOff } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { revealStreamingCredentials } from "@/app/(user)/subscriptions/actions";
import { notifyError } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";

export function StreamingCredentials({ subscriptionId }: { subscriptionId: string }) {
  const t = useTranslations("subscriptions.detail");
  const { messageOf } = useErrorText();
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reveal = async () => {
    setBusy(true);
    const r = await revealStreamingCredentials(subscriptionId).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setShown(r.data.credentials);
  };

  return (
    <Card withBorder padding="md" radius="md" data-testid="streaming-credentials">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t("streamingTitle")}
          </Title>
          {shown === null ? (
            <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} />} onClick={reveal} loading={busy} data-testid="streaming-reveal">
              {t("reveal")}
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" leftSection={<IconEyeOff size={14} />} onClick={() => setShown(null)} data-testid="streaming-hide">
              {t("hide")}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t("streamingHint")}
        </Text>
        {shown !== null ? (
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="streaming-credentials-text">
            {shown}
          </Code>
        ) : null}
      </Stack>
    </Card>
  );
}

"use client";
// The all-in-one link (/api/subscription/all) on the subscriptions list: copy it, show it as a QR
// code, or reset it (behind a confirmation).
import { Button, Card, Code, Collapse, Group, Stack, Text, Title } from "@mantine/core";
import { IconQrcode } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyLinkButton, LinkQr } from "./format-links";
import { RotateAggregateButton } from "./rotate-buttons";

export function AggregateLinkCard({ url }: { url: string }) {
  const t = useTranslations("subscriptions.aggregate");
  const [qr, setQr] = useState(false);
  return (
    <Card withBorder padding="md" radius="md" data-testid="aggregate-link">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t("title")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("hint")}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ flex: 1, minWidth: 0, whiteSpace: "normal", overflowWrap: "anywhere", userSelect: "all", fontSize: 12 }} p={8} data-testid="aggregate-url">
            {url}
          </Code>
          <CopyLinkButton value={url} testId="aggregate-copy" />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="compact-sm" variant="light" leftSection={<IconQrcode size={14} />} onClick={() => setQr((v) => !v)} aria-expanded={qr} data-testid="aggregate-qr-toggle">
            {qr ? t("hideQr") : t("showQr")}
          </Button>
          <RotateAggregateButton />
        </Group>
        <Collapse expanded={qr}>
          <Group justify="center">{qr ? <LinkQr value={url} label={t("title")} size={180} testId="aggregate-qr" /> : null}</Group>
        </Collapse>
      </Stack>
    </Card>
  );
}

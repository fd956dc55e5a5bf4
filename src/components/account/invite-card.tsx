"use client";
import { ActionIcon, Button, Card, Code, CopyButton, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { generateInviteCodeAction } from "@/app/(user)/account/actions";
import { notifyError, notifySuccess } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";

function Copy({ value, label, testId }: { value: string; label: string; testId: string }) {
  const t = useTranslations("account");
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("invite.copied") : label}>
          <ActionIcon variant="subtle" color={copied ? "teal" : "gray"} onClick={copy} aria-label={label} data-testid={testId}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function InviteCard({ inviteCode, siteUrl }: { inviteCode: string | null; siteUrl: string }) {
  const t = useTranslations("account");
  const { messageOf } = useErrorText();
  const [code, setCode] = useState(inviteCode);
  const [busy, setBusy] = useState(false);
  const link = code ? `${siteUrl.replace(/\/+$/, "")}/register?invite=${encodeURIComponent(code)}` : "";

  const generate = async () => {
    setBusy(true);
    const r = await generateInviteCodeAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setCode(r.data.inviteCode);
    notifySuccess(t("invite.generated"));
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text fw={600}>{t("invite.title")}</Text>
        <Text size="sm" c="dimmed">
          {t("invite.hint")}
        </Text>
        {code ? (
          <>
            <Group gap="xs" wrap="nowrap">
              <Code fz="md" data-testid="invite-code-value">
                {code}
              </Code>
              <Copy value={code} label={t("invite.copyCode")} testId="copy-invite-code" />
            </Group>
            <TextInput
              label={t("invite.link")}
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              rightSection={<Copy value={link} label={t("invite.copyLink")} testId="copy-invite-link" />}
              data-testid="invite-link"
            />
          </>
        ) : (
          <Text size="sm">{t("invite.none")}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={generate} loading={busy} data-testid="invite-generate">
            {code ? t("invite.regenerate") : t("invite.generate")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

"use client";
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { sendTestMailAction } from "@/app/admin/settings/actions";
import { looksLikeEmail } from "../../forms/rules";
import { networkError, useErrorText } from "../../forms/server-error";

/** Sends a test mail with the saved SMTP settings and shows the mail server's answer. */
export function TestMail({ defaultTo }: { defaultTo: string }) {
  const t = useTranslations("adminSettings");
  const { messageOf } = useErrorText();
  const [to, setTo] = useState(defaultTo);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    if (!looksLikeEmail(to)) return setResult({ ok: false, text: t("testMailInvalid") });
    setBusy(true);
    setResult(null);
    const r = await sendTestMailAction(to.trim()).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    setResult(r.ok ? { ok: true, text: t("testMailSent", { to: to.trim() }) } : { ok: false, text: messageOf(r.error) });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("testMail")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("testMailHint")}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t("testMailTo")}
          placeholder={t("testMailTo")}
          type="email"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="test-mail-to"
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button variant="light" leftSection={<IconMail size={16} />} onClick={send} loading={busy} data-testid="test-mail-send">
          {t("testMailSend")}
        </Button>
      </Group>
      {result ? (
        <Alert color={result.ok ? "teal" : "red"} variant="light" data-testid="test-mail-result">
          {result.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

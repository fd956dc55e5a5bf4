"use client";
import { Button, Card, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { logoutEverywhereAction } from "@/app/(user)/account/actions";
import { signOut } from "../auth/next-auth-client";
import { notifyError } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";

export function SessionsCard() {
  const t = useTranslations("account");
  const { messageOf } = useErrorText();
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const r = await logoutEverywhereAction().catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(false);
      return notifyError(messageOf(r.error));
    }
    await signOut();
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- full reload: signed out everywhere, so no cached page of this user may survive
    window.location.href = "/login?notice=signed_out";
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text fw={600}>{t("sessions.title")}</Text>
        <Text size="sm" c="dimmed">
          {t("sessions.hint")}
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={open} data-testid="logout-everywhere">
            {t("sessions.button")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={t("sessions.confirmTitle")} centered>
        <Stack gap="md">
          <Text size="sm">{t("sessions.confirmText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button color="red" onClick={confirm} loading={busy} data-testid="logout-everywhere-confirm">
              {t("sessions.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

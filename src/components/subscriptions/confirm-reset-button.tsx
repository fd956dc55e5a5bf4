"use client";
// A reset (of a subscription's access or of the all-in-one link) behind a confirmation dialog: it
// breaks every app that uses the old link, so one click is not enough. The page reloads its data
// afterwards, which shows the new link.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { CompactButton } from "@/components/compact-button";

type Result = { ok: true } | { ok: false; error: UiError };

export interface ConfirmResetText {
  button: string;
  title: string;
  body: string;
  confirm: string;
  done: string;
}

export function ConfirmResetButton({ text, run, testId }: { text: ConfirmResetText; run: () => Promise<Result>; testId: string }) {
  const t = useTranslations("subscriptions.detail");
  const { messageOf } = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const r = await run().catch((): Result => ({ ok: false, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setOpen(false);
    notifySuccess(text.done);
    router.refresh();
  };

  return (
    <>
      <CompactButton icon={IconRefresh} onClick={() => setOpen(true)} data-testid={testId}>
        {text.button}
      </CompactButton>
      <Modal opened={open} onClose={busy ? () => undefined : () => setOpen(false)} title={text.title} centered data-testid={`${testId}-dialog`}>
        <Stack gap="md">
          <Text size="sm">{text.body}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy} data-testid={`${testId}-cancel`}>
              {t("cancel")}
            </Button>
            <Button color="red" onClick={confirm} loading={busy} data-testid={`${testId}-confirm`}>
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

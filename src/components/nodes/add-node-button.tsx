"use client";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconArrowRight, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ButtonLink } from "@/components/links";
import { NodeForm } from "./node-form";
import { SyncResultAlert, type SyncOutcome } from "./sync-result";

/** "Add node": the form, then what the panel test found, with a way on to the new node. */
export function AddNodeButton() {
  const t = useTranslations("nodes");
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<{ id: string; sync: SyncOutcome } | null>(null);
  // A fresh form every time the dialog opens.
  const [round, setRound] = useState(0);
  const open = () => {
    setSaved(null);
    setRound((n) => n + 1);
    setOpened(true);
  };
  const close = () => setOpened(false);

  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="add-node">
        {t("add")}
      </Button>
      <Modal opened={opened} onClose={close} title={saved ? t("form.createdTitle") : t("form.createTitle")} centered size="lg" closeOnClickOutside={false}>
        {saved ? (
          <Stack gap="sm" data-testid="node-created">
            <SyncResultAlert result={saved.sync} />
            {!saved.sync.ok ? (
              <Text size="sm" c="dimmed">
                {t("form.createdButFailed")}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t("form.close")}
              </Button>
              <ButtonLink href={`/admin/nodes/${saved.id}`} rightSection={<IconArrowRight size={16} />} data-testid="open-node">
                {t("form.openNode")}
              </ButtonLink>
            </Group>
          </Stack>
        ) : (
          <NodeForm
            key={round}
            mode="create"
            onSaved={(id, sync) => setSaved({ id, sync })}
            extraActions={
              <Button variant="default" onClick={close}>
                {t("form.cancel")}
              </Button>
            }
          />
        )}
      </Modal>
    </>
  );
}

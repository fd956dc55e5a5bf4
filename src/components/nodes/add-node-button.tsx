"use client";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { IconArrowRight, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ButtonLink } from "@/components/links";
import { NodeForm, type SavedNode } from "./node-form";
import { SyncResultAlert, type SyncOutcome } from "./sync-result";

/**
 * "Add node": the form, then what the panel test found, with a way on to the new node. The dialog is
 * the action's one message: "added" with the inbound count, or "saved, not synced" with one warning
 * (why the panel could not be used, and that users do not see the node until a sync succeeds).
 * Keeping a node whose panel failed is deliberate: a wrong password or a panel that is down for now
 * is fixed on the node page without typing everything again, and the node stays hidden meanwhile.
 */
export function AddNodeButton() {
  const t = useTranslations("nodes");
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<{ node: SavedNode; sync: SyncOutcome } | null>(null);
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
      <Modal opened={opened} onClose={close} title={saved ? (saved.sync.ok ? t("form.createdTitle") : t("form.createdNotSyncedTitle")) : t("form.createTitle")} centered size="lg" closeOnClickOutside={false}>
        {saved ? (
          <Stack gap="sm" data-testid="node-created" data-synced={saved.sync.ok}>
            <SyncResultAlert result={saved.sync} hiddenUntilSync={saved.node.visibility === "PENDING"} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t("form.close")}
              </Button>
              <ButtonLink href={`/admin/nodes/${saved.node.id}`} rightSection={<IconArrowRight size={16} />} data-testid="open-node">
                {t("form.openNode")}
              </ButtonLink>
            </Group>
          </Stack>
        ) : (
          <NodeForm
            key={round}
            mode="create"
            onSaved={(node, sync) => setSaved({ node, sync })}
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

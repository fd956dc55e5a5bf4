"use client";
// "Sync now" and "Delete" on the node page.
import { Button, Group, Stack } from "@mantine/core";
import { IconRefresh, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteNode, testNodeConnection } from "@/app/admin/nodes/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "./confirm-modal";
import { SyncResultAlert, type SyncOutcome } from "./sync-result";

export function NodeActions({ node }: { node: { id: string; name: string; visibility: string } }) {
  const t = useTranslations("nodes.detail");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [syncing, setSyncing] = useState(false);
  const [sync, setSync] = useState<SyncOutcome | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const syncNow = async () => {
    setSyncing(true);
    setSync(null);
    const r = await testNodeConnection(node.id).catch(() => ({ ok: false as const, error: networkError() }));
    setSyncing(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setSync(r.data);
    router.refresh();
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    const r = await deleteNode(node.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted", { name: node.name }));
    setDeleting(false);
    router.push("/admin/nodes");
    router.refresh();
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button leftSection={<IconRefresh size={16} />} onClick={syncNow} loading={syncing} data-testid="node-sync">
          {t("syncNow")}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            setError(null);
            setDeleting(true);
          }}
          data-testid="node-delete"
        >
          {t("delete")}
        </Button>
      </Group>
      {sync ? <SyncResultAlert result={sync} hiddenUntilSync={node.visibility === "PENDING"} /> : null}
      <ConfirmModal
        opened={deleting}
        title={t("deleteTitle")}
        confirmLabel={t("delete")}
        typeToConfirm={{ label: t("deleteTypeName"), value: node.name }}
        busy={busy}
        error={error}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
        testId="node-delete"
      >
        {t("deleteText", { name: node.name })}
      </ConfirmModal>
    </Stack>
  );
}

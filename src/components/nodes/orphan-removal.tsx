"use client";
// "Remove orphan clients" on the node page's drift report: lists every orphan in a confirmation (a
// scrolling list, so each one is seen) and sends exactly those emails, so an orphan found by a later check is never removed unseen. The server
// checks each one again and keeps any that a subscription has claimed since.
import { Button, List, ScrollArea } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { removeOrphanClients } from "@/app/admin/nodes/actions";
import { notifySuccess, notifyWarning } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import type { OrphanDriftItem } from "@/server/db/schema/nodes";
import { ConfirmModal } from "./confirm-modal";

export function OrphanRemoval({ nodeId, orphans }: { nodeId: string; orphans: OrphanDriftItem[] }) {
  const t = useTranslations("nodes.drift");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    const emails = orphans.map((o) => o.email);
    const r = await removeOrphanClients(nodeId, emails).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    const { removed, gone, disabled, kept, failed, refreshed } = r.data;
    const parts = [t("orphansRemoved", { count: removed.length + gone.length })];
    if (disabled.length) parts.push(t("orphansDisabled", { count: disabled.length }));
    if (kept.length) parts.push(t("orphansKept", { count: kept.length }));
    if (failed.length) parts.push(t("orphansFailed", { count: failed.length }));
    if (!refreshed) parts.push(t("orphansNotRefreshed"));
    (failed.length || !refreshed ? notifyWarning : notifySuccess)(parts.join(" "));
    setConfirming(false);
    router.refresh();
  };

  if (orphans.length === 0) return null;
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
        data-testid="node-drift-orphans"
      >
        {t("removeOrphans")}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t("removeOrphansTitle", { count: orphans.length })}
        confirmLabel={t("removeOrphans")}
        busy={busy}
        error={error}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
        testId="node-drift-orphans"
      >
        {t("removeOrphansText")}
        <ScrollArea.Autosize mah={200} mt="xs" type="auto">
          <List size="sm" spacing={2} data-testid="node-drift-orphans-list">
            {orphans.map((o) => (
              <List.Item key={`${o.panelInboundId}:${o.email}`} ff="monospace" style={{ overflowWrap: "anywhere" }}>
                {o.email} · {t("inInbound", { id: o.panelInboundId })}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      </ConfirmModal>
    </>
  );
}

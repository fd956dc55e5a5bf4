"use client";
// The owner's close and delete, each asked once more. Closing keeps the conversation (read-only);
// deleting removes it and its images for good.
import { Button, Group } from "@mantine/core";
import { IconCircleCheck, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { closeMyTicketAction, deleteMyTicketAction } from "@/app/(user)/tickets/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";

export function MyTicketActions({ ticketId, closed }: { ticketId: string; closed: boolean }) {
  const t = useTranslations("tickets");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<"close" | "delete" | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (what: "close" | "delete") => {
    setError(null);
    setAsking(what);
  };
  const run = async () => {
    if (!asking) return;
    setBusy(true);
    const r = await (asking === "close" ? closeMyTicketAction(ticketId) : deleteMyTicketAction(ticketId)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(asking === "close" ? t("closedDone") : t("deletedDone"));
    if (asking === "delete") router.push("/tickets");
    setAsking(null);
  };

  return (
    <Group gap="xs">
      {!closed ? (
        <Button variant="default" size="xs" leftSection={<IconCircleCheck size={14} />} onClick={() => ask("close")} data-testid="ticket-close">
          {t("close")}
        </Button>
      ) : null}
      <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => ask("delete")} data-testid="ticket-delete">
        {t("delete")}
      </Button>
      <ConfirmModal
        opened={asking !== null}
        title={asking === "close" ? t("closeTitle") : t("deleteTitle")}
        confirmLabel={asking === "close" ? t("close") : t("delete")}
        busy={busy}
        error={error}
        onConfirm={run}
        onClose={() => setAsking(null)}
        testId="ticket-confirm"
      >
        {asking === "close" ? t("closeBody") : t("deleteBody")}
      </ConfirmModal>
    </Group>
  );
}

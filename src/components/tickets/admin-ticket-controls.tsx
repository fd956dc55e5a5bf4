"use client";
// Staff controls beside a ticket's thread: status, priority, category and assignee (each change is
// saved at once and audited by the service), "assign to me", and delete (asked once more).
import { Button, Card, Select, SimpleGrid, Stack } from "@mantine/core";
import { IconTrash, IconUserCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteTicketAction, updateTicketAction } from "@/app/admin/tickets/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES, type TicketCategory, type TicketPriority, type TicketStatus } from "@/server/db/schema/support-kinds";

export interface ControlledTicket {
  id: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  category: TicketCategory;
  assigneeId: string | null;
}

type Change = { status?: TicketStatus; priority?: TicketPriority; category?: TicketCategory; assigneeId?: string | null };
const NONE = "none";

export function AdminTicketControls({ ticket, admins, meId }: { ticket: ControlledTicket; admins: { id: string; label: string }[]; meId: string | null }) {
  const t = useTranslations("tickets");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState<keyof Change | "delete" | null>(null);
  const [asking, setAsking] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const save = async (change: Change) => {
    const field = Object.keys(change)[0] as keyof Change;
    setBusy(field);
    const r = await updateTicketAction(ticket.id, change).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("admin.saved"));
  };
  const remove = async () => {
    setBusy("delete");
    const r = await deleteTicketAction(ticket.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(t("deletedDone"));
    setAsking(false);
    router.push("/admin/tickets");
  };

  const known = admins.some((a) => a.id === ticket.assigneeId);
  const assigneeData = [
    { value: NONE, label: t("admin.unassigned") },
    ...admins.map((a) => ({ value: a.id, label: a.id === meId ? t("admin.meLabel", { name: a.label }) : a.label })),
    ...(ticket.assigneeId && !known ? [{ value: ticket.assigneeId, label: t("admin.formerAdmin") }] : []),
  ];

  return (
    <Card withBorder padding="md" data-testid="admin-ticket-controls">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t("admin.statusLabel")}
            data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`statusAdmin.${s}`) }))}
            value={ticket.status}
            onChange={(v) => v && v !== ticket.status && save({ status: v as TicketStatus })}
            allowDeselect={false}
            disabled={busy !== null}
            data-testid="ticket-status-select"
          />
          <Select
            label={t("priorityLabel")}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            value={ticket.priority}
            onChange={(v) => v && v !== ticket.priority && save({ priority: v as TicketPriority })}
            allowDeselect={false}
            disabled={busy !== null}
            data-testid="ticket-priority-select"
          />
          <Select
            label={t("categoryLabel")}
            data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            value={ticket.category}
            onChange={(v) => v && v !== ticket.category && save({ category: v as TicketCategory })}
            allowDeselect={false}
            disabled={busy !== null}
            data-testid="ticket-category-select"
          />
          <Select
            label={t("admin.assignee")}
            data={assigneeData}
            value={ticket.assigneeId ?? NONE}
            onChange={(v) => v && v !== (ticket.assigneeId ?? NONE) && save({ assigneeId: v === NONE ? null : v })}
            allowDeselect={false}
            disabled={busy !== null}
            data-testid="ticket-assignee-select"
          />
        </SimpleGrid>
        <Stack gap="xs" align="flex-start">
          {meId && ticket.assigneeId !== meId ? (
            <Button variant="light" size="xs" leftSection={<IconUserCheck size={14} />} loading={busy === "assigneeId"} disabled={busy !== null} onClick={() => save({ assigneeId: meId })} data-testid="ticket-assign-me">
              {t("admin.assignMe")}
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            disabled={busy !== null}
            onClick={() => {
              setDeleteError(null);
              setAsking(true);
            }}
            data-testid="ticket-delete"
          >
            {t("delete")}
          </Button>
        </Stack>
      </Stack>
      <ConfirmModal opened={asking} title={t("deleteTitle")} confirmLabel={t("delete")} busy={busy === "delete"} error={deleteError} onConfirm={remove} onClose={() => setAsking(false)} testId="ticket-confirm">
        {t("admin.deleteBody", { subject: ticket.subject })}
      </ConfirmModal>
    </Card>
  );
}

"use client";
// The admin page's body: toolbar with "New announcement", the list (or why it is empty), the
// create/edit dialog and the delete confirmation.
import { Button, Stack } from "@mantine/core";
import { IconPlus, IconSpeakerphone } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteAnnouncementAction } from "@/app/admin/announcements/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { EmptyState } from "@/components/shell/empty-state";
import { AnnouncementForm } from "./announcement-form";
import { AnnouncementRows } from "./announcement-rows";
import type { AnnouncementView } from "./announcement-view";
import { AnnouncementsToolbar, type AnnouncementFilters } from "./announcements-toolbar";

export function AnnouncementsManager({ rows, filters, now }: { rows: AnnouncementView[]; filters: AnnouncementFilters; now: string }) {
  const t = useTranslations("announcements.admin");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AnnouncementView | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const filtered = Boolean(filters.q || filters.enabled || filters.audience || filters.display);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    const r = await deleteAnnouncementAction(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(t("deleted", { title: deleting.title }));
    setDeleting(null);
    router.refresh();
  };

  return (
    <Stack gap="md">
      <AnnouncementsToolbar>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-announcement">
          {t("create")}
        </Button>
      </AnnouncementsToolbar>
      {rows.length === 0 ? (
        <EmptyState icon={<IconSpeakerphone size={24} />} title={filtered ? t("noMatch") : t("empty")} hint={filtered ? t("noMatchHint") : t("emptyHint")} testId="announcements-empty" />
      ) : (
        <AnnouncementRows
          rows={rows}
          now={now}
          onEdit={setEditing}
          onDelete={(a) => {
            setDeleteError(null);
            setDeleting(a);
          }}
        />
      )}
      <AnnouncementForm
        announcement={editing}
        opened={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={t("delete")} busy={busy} error={deleteError} onConfirm={remove} onClose={() => setDeleting(null)} testId="announcement-delete-modal">
        {t("deleteText", { title: deleting?.title ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}

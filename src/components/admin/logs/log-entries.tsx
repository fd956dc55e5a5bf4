"use client";
// The rows of one log kind on the list kit: a table on a wide screen, one card per row on a phone. Every row can be
// deleted after a confirmation; a row the service keeps (a risk event whose restriction is active,
// a task that has not finished) says why instead of offering the button.
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconListSearch, IconLock, IconTrash } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteAdminLogEntry } from "@/app/admin/logs/actions";
import { useCan } from "../staff-permissions";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { useRowName } from "../../a11y/row-name";
import { AnchorLink } from "../../links";
import { EmptyState } from "../../shell/empty-state";
import { ListView, type Column } from "../list-kit";
import { COLUMNS, type LogEntryView, type LogKind } from "./log-codes";

function Kept({ reason }: { reason: NonNullable<LogEntryView["kept"]> }) {
  const t = useTranslations("adminLogs");
  return (
    <Tooltip label={t(`keptHint.${reason}`)} multiline w={260}>
      <Badge color="gray" variant="outline" leftSection={<IconLock size={12} />} style={{ flexShrink: 0 }} data-testid="log-kept" data-reason={reason}>
        {t(`kept.${reason}`)}
      </Badge>
    </Tooltip>
  );
}

/** What names a row's delete button: its time and first cells. */
function rowWords(row: LogEntryView, f: ReturnType<typeof useFormatter>): string {
  return [f.dateTime(row.createdAt, { dateStyle: "short", timeStyle: "medium" }), ...Object.values(row.cells).slice(0, 3)].join(" ");
}

/** `twin`: another row on the page reads the same (same second, actor, action, target): its number tells them apart. */
function RowAction({ row, twin, onDelete }: { row: LogEntryView; twin: boolean; onDelete: (r: LogEntryView) => void }) {
  const t = useTranslations("adminLogs");
  const f = useFormatter();
  const rowName = useRowName();
  const mayDelete = useCan()("logs.write");
  if (row.kept) return <Kept reason={row.kept} />;
  if (!mayDelete) return null;
  const words = rowWords(row, f);
  return (
    <Tooltip label={t("delete")}>
      <ActionIcon variant="subtle" color="red" aria-label={rowName(t("delete"), twin ? `${words} #${row.id}` : words)} onClick={() => onDelete(row)} data-testid="log-delete">
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

export function LogEntries({ kind, rows, filtered }: { kind: LogKind; rows: LogEntryView[]; filtered: boolean }) {
  const t = useTranslations("adminLogs");
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [deleting, setDeleting] = useState<LogEntryView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (d: Date) => f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" });
  const columns = COLUMNS[kind];

  const ask = (r: LogEntryView) => {
    setError(null);
    setDeleting(r);
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    const r = await deleteAdminLogEntry({ target: kind, id: deleting.id }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setDeleting(null);
    notifySuccess(t("deleted"));
    router.refresh();
  };

  const modal = (
    <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={t("delete")} busy={busy} error={error} onConfirm={remove} onClose={() => setDeleting(null)} testId="log-delete">
      {deleting ? t("deleteBody", { kind: t(`kinds.${kind}`), time: when(deleting.createdAt) }) : null}
    </ConfirmModal>
  );

  const first = (r: LogEntryView) => {
    const text = r.cells[columns[0]!] ?? "";
    return r.href ? (
      <AnchorLink href={r.href} size="sm" style={{ overflowWrap: "anywhere" }}>
        {text}
      </AnchorLink>
    ) : (
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {text}
      </Text>
    );
  };
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(rowWords(r, f), (seen.get(rowWords(r, f)) ?? 0) + 1);
  const action = (r: LogEntryView) => <RowAction row={r} twin={(seen.get(rowWords(r, f)) ?? 0) > 1} onDelete={ask} />;

  const table: Column<LogEntryView>[] = [
    { key: "time", header: t("columns.time"), style: () => ({ whiteSpace: "nowrap" }), cell: (r) => <Text size="xs">{when(r.createdAt)}</Text> },
    { key: columns[0]!, header: t(`columns.${columns[0]!}`), style: () => ({ maxWidth: 280 }), cell: first },
    ...columns.slice(1).map((c) => ({
      key: c,
      header: t(`columns.${c}`),
      style: () => ({ maxWidth: 320 }),
      cell: (r: LogEntryView) => (
        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
          {r.cells[c]}
        </Text>
      ),
    })),
    { key: "actions", header: <VisuallyHidden>{t("columns.actions")}</VisuallyHidden>, align: "right", cell: (r) => <Group justify="flex-end" wrap="nowrap">{action(r)}</Group> },
  ];
  const card = (r: LogEntryView) => (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {when(r.createdAt)}
          </Text>
          {first(r)}
        </Stack>
        {action(r)}
      </Group>
      {columns.slice(1).map((c) => (
        <Text key={c} size="xs" style={{ overflowWrap: "anywhere" }}>
          <Text span size="xs" c="dimmed">
            {t(`columns.${c}`)}:{" "}
          </Text>
          {r.cells[c]}
        </Text>
      ))}
    </>
  );

  return (
    <>
      <ListView
        rows={rows}
        rowKey={(r) => r.id}
        columns={table}
        card={card}
        rowAttrs={(r) => ({ "data-testid": "log-row", "data-id": r.id })}
        empty={<EmptyState icon={<IconListSearch size={24} />} title={t("emptyTitle")} hint={filtered ? t("emptyFiltered") : t("emptyHint")} testId="log-empty" />}
        testId="log"
        minWidth={820}
        wrap
        frameAttrs={{ "data-testid": "log-list", "data-kind": kind }}
      />
      {modal}
    </>
  );
}

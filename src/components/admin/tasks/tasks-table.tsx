"use client";
// The task center's list on the list kit: a table on wide screens, cards on phones. Failed tasks
// (and tasks waiting out a back-off) can be retried one by one or as a selection; the outcome per
// task is shown.
import { ActionIcon, Button, Code, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { retryTasksAction } from "@/app/admin/tasks/actions";
import { useCan } from "../staff-permissions";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { BatchBar, BatchResults, CardFact, ListView, SelectAll, SelectRow, useSelection, type BatchOutcome, type Column } from "../list-kit";
import { useTaskWords } from "../../labels/use-task-words";
import { ErrorText, StatusCell } from "./task-cells";
import type { TaskRow } from "./task-codes";

const nowrap = () => ({ whiteSpace: "nowrap" as const });

export function TasksTable({ rows }: { rows: TaskRow[] }) {
  const t = useTranslations("adminTasks");
  // The payload's plain fields in words (the secret never reaches the browser), one line.
  const words = useTaskWords();
  const payloadText = words.payload;
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" }) : t("none"));
  // Only tasks that can be retried can be chosen, and only by a role that may retry (tasks.write).
  const mayRetry = useCan()("tasks.write");
  const selection = useSelection(mayRetry ? rows.filter((r) => r.retryable).map((r) => r.id) : []);

  const retry = async (ids: string[], tag: string) => {
    if (ids.length === 0) return;
    const kinds = new Map(rows.map((r) => [r.id, words.kind(r.kind)]));
    setBusy(tag);
    setError(null);
    const r = await retryTasksAction(ids).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return setError(messageOf(r.error));
    const ok = r.data.filter((x) => x.ok).length;
    // One task, done: a toast is enough. Several, or any refusal: the per-task list says which.
    if (ids.length === 1 && ok === 1) {
      notifySuccess(t("retryDone", { count: 1 }));
      setResults(null);
    } else
      setResults(
        r.data.map((x) => ({
          id: x.id,
          label: `${kinds.get(x.id) ?? ""} · ${x.id.slice(0, 8)}`,
          ok: x.ok,
          message: x.reason ? messageOf({ code: "CONFLICT", message: x.reason, details: { reason: x.reason } }) : null,
        })),
      );
    selection.clear();
    router.refresh();
  };

  const select = (task: TaskRow) => <SelectRow selection={selection} id={task.id} disabled={!task.retryable} label={t("selectRow", { id: task.id.slice(0, 8) })} testId="task-select" />;
  const retryOne = (task: TaskRow) =>
    mayRetry && task.retryable ? (
      <Tooltip label={t("retry")}>
        <ActionIcon variant="subtle" onClick={() => retry([task.id], task.id)} loading={busy === task.id} disabled={!!busy && busy !== task.id} aria-label={t("retry")} data-testid="task-retry">
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const columns: Column<TaskRow>[] = [
    ...(mayRetry ? [{ key: "select", header: <SelectAll selection={selection} label={t("selectAll")} testId="task-select-all" />, width: 40, cell: select }] : []),
    {
      key: "kind",
      header: t("kind"),
      style: () => ({ maxWidth: 260 }),
      cell: (task) => (
        <>
          <Text size="sm" fw={500} ff="monospace">
            {words.kind(task.kind)}
          </Text>
          {payloadText(task.payload) ? (
            // Cut on purpose, the whole text in the tooltip (on touch too), as the list kit's Truncated cells.
            <Tooltip label={payloadText(task.payload)} multiline maw={420} style={{ overflowWrap: "anywhere" }} events={{ hover: true, focus: true, touch: true }}>
              <Code block={false} data-truncated style={{ display: "block", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>
                {payloadText(task.payload)}
              </Code>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    { key: "status", header: t("status"), cell: (task) => <StatusCell task={task} /> },
    { key: "attempts", header: t("attempts"), style: nowrap, cell: (task) => t("attemptsValue", { attempts: task.attempts, max: task.maxAttempts }) },
    { key: "lastError", header: t("lastError"), style: () => ({ maxWidth: 320, minWidth: 200 }), cell: (task) => <ErrorText text={task.lastError} /> },
    { key: "runAt", header: t("runAt"), style: nowrap, cell: (task) => <Text size="xs">{when(task.runAt)}</Text> },
    { key: "createdAt", header: t("createdAt"), style: nowrap, cell: (task) => <Text size="xs">{when(task.createdAt)}</Text> },
    { key: "updatedAt", header: t("updatedAt"), style: nowrap, cell: (task) => <Text size="xs">{when(task.updatedAt)}</Text> },
    { key: "actions", header: t("actions"), align: "right", sticky: true, cell: (task) => <Group justify="flex-end" wrap="nowrap">{retryOne(task)}</Group> },
  ];

  const line = (label: string, value: string) => <CardFact label={label} value={value} />;
  const card = (task: TaskRow) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {mayRetry ? select(task) : null}
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {words.kind(task.kind)}
          </Text>
          {retryOne(task)}
        </Group>
        <StatusCell task={task} />
        {line(t("attempts"), t("attemptsValue", { attempts: task.attempts, max: task.maxAttempts }))}
        {payloadText(task.payload) ? (
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {payloadText(task.payload)}
          </Text>
        ) : null}
        <ErrorText text={task.lastError} />
        {line(t("runAt"), when(task.runAt))}
        {line(t("createdAt"), when(task.createdAt))}
        {line(t("updatedAt"), when(task.updatedAt))}
      </Stack>
    </Group>
  );

  const summary = t("batchSummary", { ok: results?.filter((r) => r.ok).length ?? 0, total: results?.length ?? 0 });
  return (
    <Stack gap="sm">
      <FormError>{error}</FormError>
      {results ? (
        <BatchResults results={results} onClose={() => setResults(null)} labels={{ summary, dismiss: t("batchDismiss"), ok: t("batchOk"), failed: t("batchFailed") }} testId="task-retry" />
      ) : null}
      {mayRetry ? (
        <BatchBar selection={selection} countLabel={t("selected", { count: selection.chosen.length })} clearLabel={t("clearSelection")} testId="task-batch-bar" busy={!!busy}>
          <Button size="compact-sm" leftSection={<IconRefresh size={14} />} onClick={() => retry(selection.chosen, "batch")} loading={busy === "batch"} disabled={!!busy && busy !== "batch"} data-testid="task-retry-selected">
            {t("retrySelected")}
          </Button>
        </BatchBar>
      ) : null}
      <ListView
        rows={rows}
        rowKey={(task) => task.id}
        columns={columns}
        card={card}
        rowAttrs={(task) => ({ "data-testid": "task-row", "data-task-id": task.id, "data-status": task.status })}
        empty={t("empty")}
        testId="tasks"
        minWidth={1000}
        wrap
        cardsHeader={mayRetry ? <SelectAll selection={selection} label={t("selectAll")} testId="task-select-all" withLabel /> : undefined}
      />
    </Stack>
  );
}

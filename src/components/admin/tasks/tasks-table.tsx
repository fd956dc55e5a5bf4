"use client";
// The task center's list: a table on wide screens, cards on phones. Failed tasks (and tasks waiting
// out a back-off) can be retried one by one or as a selection; the outcome per task is shown.
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, CloseButton, Code, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { retryTasksAction } from "@/app/admin/tasks/actions";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useTaskWords } from "../../labels/use-task-words";
import { TASK_STATUS_COLORS, type TaskRow } from "./task-codes";

const ERROR_PREVIEW = 80;

/** The last error, cut to one short line with "show all" for the rest. */
function ErrorText({ text }: { text: string | null }) {
  const t = useTranslations("adminTasks");
  const [open, setOpen] = useState(false);
  if (!text) return <Text size="xs" c="dimmed">{t("none")}</Text>;
  const long = text.length > ERROR_PREVIEW;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="red" ff="monospace" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="task-error">
        {long && !open ? `${text.slice(0, ERROR_PREVIEW)}…` : text}
      </Text>
      {long ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="task-error-toggle" style={{ alignSelf: "flex-start" }}>
          {open ? t("showLess") : t("showMore")}
        </Anchor>
      ) : null}
    </Stack>
  );
}

function StatusCell({ task }: { task: TaskRow }) {
  const t = useTranslations("adminTasks");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={TASK_STATUS_COLORS[task.status]} variant="light" style={{ flexShrink: 0 }} data-testid="task-status" data-status={task.status}>
        {t(`taskStatus.${task.status}`)}
      </Badge>
      {task.status === "PENDING" && task.attempts > 0 ? (
        <Badge color="orange" variant="outline" style={{ flexShrink: 0 }}>
          {t("backingOff")}
        </Badge>
      ) : null}
      {task.secretErased ? (
        <Tooltip label={t("secretErasedHint")} multiline w={260}>
          <Badge color="gray" variant="outline" style={{ flexShrink: 0 }} data-testid="task-secret-erased">
            {t("secretErased")}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}


interface Outcome { id: string; kind: string; ok: boolean; reason?: string }

function RetryResults({ results, onClose }: { results: Outcome[]; onClose: () => void }) {
  const t = useTranslations("adminTasks");
  const words = useTaskWords();
  const { messageOf } = useErrorText();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Card withBorder padding="sm" data-testid="task-retry-results">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t("batchSummary", { ok, total: results.length })}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t("batchDismiss")} />
      </Group>
      <Stack gap={6}>
        {results.map((r) => (
          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="task-retry-result" data-ok={r.ok}>
            <Badge color={r.ok ? "teal" : "red"} variant="light" style={{ flexShrink: 0 }}>
              {r.ok ? t("batchOk") : t("batchFailed")}
            </Badge>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {words.kind(r.kind)}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {r.id.slice(0, 8)}
            </Text>
            {!r.ok && r.reason ? (
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {messageOf({ code: "CONFLICT", message: r.reason, details: { reason: r.reason } })}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function TasksTable({ rows }: { rows: TaskRow[] }) {
  const t = useTranslations("adminTasks");
  // The payload's plain fields in words (the secret never reaches the browser), one line.
  const words = useTaskWords();
  const payloadText = words.payload;
  const f = useFormatter();
  const phone = usePhoneLayout();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Outcome[] | null>(null);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" }) : t("none"));

  const retryable = rows.filter((r) => r.retryable);
  const chosen = retryable.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allChosen = retryable.length > 0 && chosen.length === retryable.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const retry = async (ids: string[], tag: string) => {
    if (ids.length === 0) return;
    const kinds = new Map(rows.map((r) => [r.id, r.kind]));
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
    } else setResults(r.data.map((x) => ({ ...x, kind: kinds.get(x.id) ?? "" })));
    setSelected(new Set());
    router.refresh();
  };

  const checkbox = (task: TaskRow) => (
    <Checkbox
      checked={selected.has(task.id)}
      disabled={!task.retryable}
      onChange={(e) => toggle(task.id, e.currentTarget.checked)}
      aria-label={t("selectRow", { id: task.id.slice(0, 8) })}
      data-testid="task-select"
    />
  );
  const retryOne = (task: TaskRow) =>
    task.retryable ? (
      <Tooltip label={t("retry")}>
        <ActionIcon variant="subtle" onClick={() => retry([task.id], task.id)} loading={busy === task.id} disabled={!!busy && busy !== task.id} aria-label={t("retry")} data-testid="task-retry">
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const header = (
    <>
      <FormError>{error}</FormError>
      {results ? <RetryResults results={results} onClose={() => setResults(null)} /> : null}
      {chosen.length > 0 ? (
        <Card withBorder padding="xs" data-testid="task-batch-bar">
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm" fw={500}>
              {t("selected", { count: chosen.length })}
            </Text>
            <Group gap="xs">
              <Button size="compact-sm" leftSection={<IconRefresh size={14} />} onClick={() => retry(chosen, "batch")} loading={busy === "batch"} disabled={!!busy && busy !== "batch"} data-testid="task-retry-selected">
                {t("retrySelected")}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setSelected(new Set())} disabled={!!busy}>
                {t("clearSelection")}
              </Button>
            </Group>
          </Group>
        </Card>
      ) : null}
    </>
  );
  const selectAll = (
    <Checkbox
      aria-label={t("selectAll")}
      label={phone ? t("selectAll") : undefined}
      checked={allChosen}
      indeterminate={chosen.length > 0 && !allChosen}
      disabled={retryable.length === 0}
      onChange={() => setSelected(allChosen ? new Set() : new Set(retryable.map((r) => r.id)))}
      data-testid="task-select-all"
    />
  );

  if (rows.length === 0) {
    return (
      <Stack gap="sm">
        {header}
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center" data-testid="tasks-empty">
            {t("empty")}
          </Text>
        </Card>
      </Stack>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="tasks-cards">
        {header}
        {selectAll}
        {rows.map((task) => (
          <Card key={task.id} withBorder padding="sm" data-testid="task-row" data-task-id={task.id} data-status={task.status}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {checkbox(task)}
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: "anywhere" }}>
                    {words.kind(task.kind)}
                  </Text>
                  {retryOne(task)}
                </Group>
                <StatusCell task={task} />
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("attempts"), value: t("attemptsValue", { attempts: task.attempts, max: task.maxAttempts }) })}
                </Text>
                {payloadText(task.payload) ? (
                  <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                    {payloadText(task.payload)}
                  </Text>
                ) : null}
                <ErrorText text={task.lastError} />
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("runAt"), value: when(task.runAt) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("createdAt"), value: when(task.createdAt) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("updatedAt"), value: when(task.updatedAt) })}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {header}
      <Card withBorder padding={0} data-testid="tasks-table">
        <Table.ScrollContainer minWidth={1000} type="native">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: "nowrap" }}>
                <Table.Th w={40}>{selectAll}</Table.Th>
                <Table.Th>{t("kind")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th>{t("attempts")}</Table.Th>
                <Table.Th>{t("lastError")}</Table.Th>
                <Table.Th>{t("runAt")}</Table.Th>
                <Table.Th>{t("createdAt")}</Table.Th>
                <Table.Th>{t("updatedAt")}</Table.Th>
                <Table.Th ta="right" style={stickyEndCell()}>
                  {t("actions")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((task, idx) => (
                <Table.Tr key={task.id} data-testid="task-row" data-task-id={task.id} data-status={task.status}>
                  <Table.Td>{checkbox(task)}</Table.Td>
                  <Table.Td style={{ maxWidth: 260 }}>
                    <Text size="sm" fw={500} ff="monospace">
                      {words.kind(task.kind)}
                    </Text>
                    {payloadText(task.payload) ? (
                      <Code block={false} style={{ display: "block", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }} title={payloadText(task.payload)}>
                        {payloadText(task.payload)}
                      </Code>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusCell task={task} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{t("attemptsValue", { attempts: task.attempts, max: task.maxAttempts })}</Table.Td>
                  <Table.Td style={{ maxWidth: 320, minWidth: 200 }}>
                    <ErrorText text={task.lastError} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="xs">{when(task.runAt)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="xs">{when(task.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="xs">{when(task.updatedAt)}</Text>
                  </Table.Td>
                  <Table.Td style={stickyEndCell(idx % 2 === 0)}>
                    <Group justify="flex-end" wrap="nowrap">
                      {retryOne(task)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

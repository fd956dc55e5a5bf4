"use client";
// The task center's cells: the status with its marks, the last error cut to a line, the payload.
import { Anchor, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TASK_STATUS_COLORS, type TaskRow } from "./task-codes";

const ERROR_PREVIEW = 80;

/** The last error, cut to one short line with "show all" for the rest. */
export function ErrorText({ text }: { text: string | null }) {
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

export function StatusCell({ task }: { task: TaskRow }) {
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

"use client";
import { useTranslations } from "next-intl";
import { ListToolbar } from "../list-kit";
import { TASK_STATUS_CODES } from "./task-codes";
import { useTaskWords } from "../../labels/use-task-words";

/** Search as you type and the filters, kept in the URL; any change starts again at the newest tasks. */
export function TasksToolbar({ kinds, kind }: { kinds: string[]; kind: string | null }) {
  const words = useTaskWords();
  const t = useTranslations("adminTasks");
  // A kind in the URL that no task has any more still shows as chosen.
  const kindOptions = kind && !kinds.includes(kind) ? [...kinds, kind] : kinds;
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "task-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: TASK_STATUS_CODES.map((s) => ({ value: s, label: t(`taskStatus.${s}`) })), testId: "task-status-filter" },
        { param: "kind", label: t("kind"), placeholder: t("allKinds"), data: kindOptions.map((k) => ({ value: k, label: words.kind(k) })), testId: "task-kind-filter", width: 200, searchable: true },
      ]}
    />
  );
}

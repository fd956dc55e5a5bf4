"use client";
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { TASK_STATUS_CODES } from "./task-codes";
import { useTaskWords } from "../../labels/use-task-words";

export interface TaskFilters { q: string; status: string | null; kind: string | null }

/** Search and filters, kept in the URL; any change starts again at page 1. */
export function TasksToolbar({ kinds, ...filters }: TaskFilters & { kinds: string[] }) {
  const words = useTaskWords();
  const t = useTranslations("adminTasks");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);
  const apply = (next: Partial<TaskFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    if (merged.status) params.set("status", merged.status);
    if (merged.kind) params.set("kind", merged.kind);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };
  // A kind in the URL that no task has any more still shows as chosen.
  const kindOptions = filters.kind && !kinds.includes(filters.kind) ? [...kinds, filters.kind] : kinds;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <form onSubmit={submit} style={{ flex: "1 1 220px" }} role="search">
        <TextInput
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== filters.q && apply({ q: search })}
          data-testid="task-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={TASK_STATUS_CODES.map((s) => ({ value: s, label: t(`taskStatus.${s}`) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "calc(50% - 6px)", sm: 170 }}
        data-testid="task-status-filter"
      />
      <Select
        placeholder={t("allKinds")}
        aria-label={t("kind")}
        data={kindOptions.map((k) => ({ value: k, label: words.kind(k) }))}
        value={filters.kind}
        onChange={(v) => apply({ kind: v })}
        clearable
        searchable
        w={{ base: "calc(50% - 6px)", sm: 200 }}
        data-testid="task-kind-filter"
      />
    </Group>
  );
}

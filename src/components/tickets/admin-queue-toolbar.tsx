"use client";
// The queue's search and filters, kept in the URL; any change starts again at page 1.
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "@/server/db/schema/support-kinds";

export interface QueueFilters {
  q: string;
  status: string | null;
  priority: string | null;
  category: string | null;
  assignee: string | null;
}

export function AdminQueueToolbar({ filters, admins }: { filters: QueueFilters; admins: { id: string; label: string }[] }) {
  const t = useTranslations("tickets");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<QueueFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    for (const k of ["q", "status", "priority", "category", "assignee"] as const) {
      const v = merged[k]?.trim();
      if (v) params.set(k, v);
    }
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };
  const half = { base: "calc(50% - 6px)", xs: 170 };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <form onSubmit={submit} style={{ flex: "1 1 220px" }} role="search">
        <TextInput
          placeholder={t("admin.searchPlaceholder")}
          aria-label={t("admin.search")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== filters.q && apply({ q: search })}
          data-testid="ticket-search"
        />
      </form>
      <Select
        placeholder={t("admin.allStatuses")}
        aria-label={t("admin.statusLabel")}
        data={[{ value: "ACTIVE", label: t("admin.activeStatuses") }, ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`statusAdmin.${s}`) }))]}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={half}
        data-testid="ticket-status-filter"
      />
      <Select
        placeholder={t("admin.allPriorities")}
        aria-label={t("priorityLabel")}
        data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        value={filters.priority}
        onChange={(v) => apply({ priority: v })}
        clearable
        w={half}
        data-testid="ticket-priority-filter"
      />
      <Select
        placeholder={t("admin.allCategories")}
        aria-label={t("categoryLabel")}
        data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
        value={filters.category}
        onChange={(v) => apply({ category: v })}
        clearable
        w={half}
        data-testid="ticket-category-filter"
      />
      <Select
        placeholder={t("admin.anyAssignee")}
        aria-label={t("admin.assignee")}
        data={[{ value: "me", label: t("admin.assignedToMe") }, { value: "none", label: t("admin.unassigned") }, ...admins.map((a) => ({ value: a.id, label: a.label }))]}
        value={filters.assignee}
        onChange={(v) => apply({ assignee: v })}
        clearable
        w={half}
        data-testid="ticket-assignee-filter"
      />
    </Group>
  );
}

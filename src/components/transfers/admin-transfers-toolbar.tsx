"use client";
// The admin transfer list's search (either party's email) and status filter, kept in the URL; any
// change starts again at page 1.
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { TRANSFER_STATUS_CODES } from "./transfer-codes";

export interface AdminTransferFilters { q: string; status: string | null }

export function AdminTransfersToolbar({ filters }: { filters: AdminTransferFilters }) {
  const t = useTranslations("adminTransfers");
  const ts = useTranslations("transfers.statuses");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<AdminTransferFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    if (merged.status) params.set("status", merged.status);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <form onSubmit={submit} style={{ flex: "1 1 240px" }} role="search">
        <TextInput
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== filters.q && apply({ q: search })}
          data-testid="admin-transfer-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={TRANSFER_STATUS_CODES.map((s) => ({ value: s, label: ts(s) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "100%", xs: 180 }}
        data-testid="admin-transfer-status-filter"
      />
    </Group>
  );
}

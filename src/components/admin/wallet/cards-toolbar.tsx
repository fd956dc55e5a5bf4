"use client";
// [wallet] Card search and filters, kept in the URL; any change starts again at page 1. A batch
// filter (set from a row's batch) shows as a chip that clears it.
import { Button, Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

export const CARD_KIND_CODES = ["BALANCE", "PLAN"] as const;
export const CARD_STATUS_CODES = ["UNUSED", "USED", "EXPIRED"] as const;

export interface CardFilters { q: string; status: string | null; kind: string | null; batch: string | null }

/** The list's address with these filters (page 1). */
export function cardsHref(pathname: string, f: CardFilters): string {
  const params = new URLSearchParams();
  if (f.q?.trim()) params.set("q", f.q.trim());
  if (f.status) params.set("status", f.status);
  if (f.kind) params.set("kind", f.kind);
  if (f.batch) params.set("batch", f.batch);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export function CardsToolbar(filters: CardFilters) {
  const t = useTranslations("cards");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<CardFilters>) => startTransition(() => router.push(cardsHref(pathname, { ...filters, q: search, ...next })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };

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
          data-testid="cards-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={CARD_STATUS_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 160 }}
        data-testid="cards-status-filter"
      />
      <Select
        placeholder={t("allKinds")}
        aria-label={t("kind")}
        data={CARD_KIND_CODES.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={filters.kind}
        onChange={(v) => apply({ kind: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 160 }}
        data-testid="cards-kind-filter"
      />
      {filters.batch ? (
        <Button variant="light" size="sm" rightSection={<IconX size={14} />} onClick={() => apply({ batch: null })} aria-label={t("clearBatch")} data-testid="cards-batch-filter">
          {t("batchFilter", { batch: filters.batch.slice(0, 8) })}
        </Button>
      ) : null}
    </Group>
  );
}

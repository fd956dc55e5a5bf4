"use client";
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { ORDER_STATUS_CODES, PROVIDER_CODES, REVIEW_STATUS_CODES } from "./order-codes";

export interface OrderFilters { q: string; status: string | null; review: string | null; provider: string | null }

/** Search and filters, kept in the URL; any change starts again at page 1. */
export function OrdersToolbar(filters: OrderFilters) {
  const t = useTranslations("adminOrders");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    if (merged.status) params.set("status", merged.status);
    if (merged.review) params.set("review", merged.review);
    if (merged.provider) params.set("provider", merged.provider);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
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
          data-testid="order-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={ORDER_STATUS_CODES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "100%", xs: 170 }}
        data-testid="order-status-filter"
      />
      <Select
        placeholder={t("allReviews")}
        aria-label={t("review")}
        data={REVIEW_STATUS_CODES.map((s) => ({ value: s, label: t(`reviewStatus.${s}`) }))}
        value={filters.review}
        onChange={(v) => apply({ review: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 170 }}
        data-testid="order-review-filter"
      />
      <Select
        placeholder={t("allProviders")}
        aria-label={t("provider")}
        data={PROVIDER_CODES.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
        value={filters.provider}
        onChange={(v) => apply({ provider: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 200 }}
        data-testid="order-provider-filter"
      />
    </Group>
  );
}

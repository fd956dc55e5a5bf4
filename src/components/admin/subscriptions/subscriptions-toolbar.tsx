"use client";
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { SUBSCRIPTION_KIND_CODES, SUBSCRIPTION_STATUS_CODES } from "./subscription-codes";

export interface SubscriptionFilters { q: string; status: string | null; kind: string | null; plan: string | null; node: string | null }
interface Choice { id: string; name: string }

/** Search and filters, kept in the URL; any change starts again at page 1. */
export function SubscriptionsToolbar({ filters, plans, nodes }: { filters: SubscriptionFilters; plans: Choice[]; nodes: Choice[] }) {
  const t = useTranslations("adminSubscriptions");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<SubscriptionFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    for (const key of ["status", "kind", "plan", "node"] as const) if (merged[key]) params.set(key, merged[key]);
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
          data-testid="subscription-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={SUBSCRIPTION_STATUS_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 150 }}
        data-testid="subscription-status-filter"
      />
      <Select
        placeholder={t("allKinds")}
        aria-label={t("kind")}
        data={SUBSCRIPTION_KIND_CODES.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={filters.kind}
        onChange={(v) => apply({ kind: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 140 }}
        data-testid="subscription-kind-filter"
      />
      <Select
        placeholder={t("allPlans")}
        aria-label={t("plan")}
        data={plans.map((p) => ({ value: p.id, label: p.name }))}
        value={filters.plan}
        onChange={(v) => apply({ plan: v })}
        clearable
        searchable
        nothingFoundMessage={t("none")}
        w={{ base: "calc(50% - 6px)", xs: 190 }}
        data-testid="subscription-plan-filter"
      />
      <Select
        placeholder={t("allNodes")}
        aria-label={t("node")}
        data={nodes.map((n) => ({ value: n.id, label: n.name }))}
        value={filters.node}
        onChange={(v) => apply({ node: v })}
        clearable
        searchable
        nothingFoundMessage={t("none")}
        w={{ base: "calc(50% - 6px)", xs: 170 }}
        data-testid="subscription-node-filter"
      />
    </Group>
  );
}

"use client";
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { RESTRICTION_CODES, RISK_FINAL_CODES, RISK_LEVEL_CODES, RISK_REASON_CODES, RISK_REVIEW_CODES } from "./risk-codes";

export interface RiskFilters {
  q: string;
  status: string | null;
  level: string | null;
  reason: string | null;
  final: string | null;
  restriction: string | null;
  from: string | null;
  to: string | null;
}
const KEYS = ["status", "level", "reason", "final", "restriction", "from", "to"] as const;
const half = { base: "calc(50% - 6px)", xs: 170 };

/** Search and filters, kept in the URL; any change starts again at page 1. */
export function RiskEventsToolbar({ filters }: { filters: RiskFilters }) {
  const t = useTranslations("adminRisk");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);

  const apply = (next: Partial<RiskFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    for (const key of KEYS) if (merged[key]) params.set(key, merged[key]);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="risk-toolbar">
      <form onSubmit={submit} style={{ flex: "1 1 240px" }} role="search">
        <TextInput
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== filters.q && apply({ q: search })}
          data-testid="risk-search"
        />
      </form>
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={RISK_REVIEW_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        value={filters.status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={half}
        data-testid="risk-status-filter"
      />
      <Select
        placeholder={t("allLevels")}
        aria-label={t("level")}
        data={RISK_LEVEL_CODES.map((s) => ({ value: s, label: t(`levels.${s}`) }))}
        value={filters.level}
        onChange={(v) => apply({ level: v })}
        clearable
        w={half}
        data-testid="risk-level-filter"
      />
      <Select
        placeholder={t("allReasons")}
        aria-label={t("reason")}
        data={RISK_REASON_CODES.map((s) => ({ value: s, label: t(`reasons.${s}`) }))}
        value={filters.reason}
        onChange={(v) => apply({ reason: v })}
        clearable
        w={{ base: "calc(50% - 6px)", xs: 200 }}
        data-testid="risk-reason-filter"
      />
      <Select
        placeholder={t("allFinal")}
        aria-label={t("finalAction")}
        data={RISK_FINAL_CODES.map((s) => ({ value: s, label: t(`finalActions.${s}`) }))}
        value={filters.final}
        onChange={(v) => apply({ final: v })}
        clearable
        w={half}
        data-testid="risk-final-filter"
      />
      <Select
        placeholder={t("allRestriction")}
        aria-label={t("restriction")}
        data={RESTRICTION_CODES.map((s) => ({ value: s, label: t(`restrictionOptions.${s}`) }))}
        value={filters.restriction}
        onChange={(v) => apply({ restriction: v })}
        clearable
        w={half}
        data-testid="risk-restriction-filter"
      />
      <TextInput
        type="date"
        label={t("from")}
        value={filters.from ?? ""}
        onChange={(e) => apply({ from: e.currentTarget.value || null })}
        w={{ base: "calc(50% - 6px)", xs: 160 }}
        data-testid="risk-from"
      />
      <TextInput
        type="date"
        label={t("to")}
        value={filters.to ?? ""}
        onChange={(e) => apply({ to: e.currentTarget.value || null })}
        w={{ base: "calc(50% - 6px)", xs: 160 }}
        data-testid="risk-to"
      />
    </Group>
  );
}

"use client";
// The access log's search and filters, kept in the URL (list kit). Text fields filter as you type,
// choices at once, the times on Enter or the button; any change starts again at the newest page.
// Times are typed in the browser's zone and travel as instants.
import { Alert, Button, Group, Select, SimpleGrid, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FilterButtons, ListSearch, TimeRangeFields, useTimeRange, useUrlFilters } from "../list-kit";
import { ACCESS_OUTCOME_CODES, ACCESS_SOURCE_CODES, FIELD_OF_PARAM, FILTER_PARAMS, type AccessLogFilterValues } from "./access-log-codes";

interface Props {
  filters: AccessLogFilterValues;
  nodes: { id: string; name: string }[];
  /** The server's field problems, worded, by the verb's field name. */
  errors: Record<string, string>;
}

export function AccessLogFilters({ filters, nodes, errors }: Props) {
  const t = useTranslations("adminRiskLogs.filters");
  const tl = useTranslations("adminRiskLogs");
  const { apply, pending } = useUrlFilters();
  const range = useTimeRange(filters.from, filters.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(range.values());
  };
  const reset = () => {
    range.clear();
    apply(Object.fromEntries(FILTER_PARAMS.map((k) => [k, ""])));
  };
  const err = (k: keyof AccessLogFilterValues) => errors[FIELD_OF_PARAM[k]];
  const textField = (k: "user" | "ip" | "country" | "sub", label: string, placeholder: string, maxLength = 254) => (
    <ListSearch bare visibleLabel param={k} value={filters[k]} apply={apply} label={label} placeholder={placeholder} error={err(k)} maxLength={maxLength} testId={`access-filter-${k}`} />
  );

  return (
    <form onSubmit={submit} role="search" aria-label={tl("title")}>
      <Stack gap="sm">
        {filters.userId ? (
          <Alert variant="light" color="blue" data-testid="access-filter-userId">
            <Group justify="space-between" gap="xs">
              {t("userIdActive")}
              <Button size="compact-sm" variant="subtle" onClick={() => apply({ userId: "" })}>
                {t("clearUserId")}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          {textField("user", t("user"), t("userPlaceholder"))}
          {textField("ip", t("ip"), t("ipPlaceholder"), 64)}
          {textField("country", t("country"), t("countryPlaceholder"), 2)}
          {textField("sub", t("subscription"), t("subscriptionPlaceholder"), 36)}
          <Select
            label={t("source")}
            placeholder={t("allSources")}
            data={ACCESS_SOURCE_CODES.map((s) => ({ value: s, label: tl(`sources.${s}`) }))}
            value={filters.source || null}
            onChange={(v) => apply({ source: v ?? "" })}
            clearable
            error={err("source")}
            data-testid="access-filter-source"
          />
          <Select
            label={t("outcome")}
            placeholder={t("allOutcomes")}
            data={ACCESS_OUTCOME_CODES.map((o) => ({ value: o, label: tl(`outcomes.${o}`) }))}
            value={filters.outcome || null}
            onChange={(v) => apply({ outcome: v ?? "" })}
            clearable
            error={err("outcome")}
            data-testid="access-filter-outcome"
          />
          <Select
            label={t("node")}
            placeholder={t("allNodes")}
            data={nodes.map((n) => ({ value: n.id, label: n.name }))}
            value={filters.node || null}
            onChange={(v) => apply({ node: v ?? "" })}
            clearable
            searchable
            nothingFoundMessage={t("none")}
            error={err("node")}
            data-testid="access-filter-node"
          />
          <div />
          <TimeRangeFields range={range} labels={{ from: t("from"), to: t("to") }} errors={{ from: err("from"), to: err("to") }} testIdPrefix="access-filter" />
        </SimpleGrid>
        <FilterButtons pending={pending} onReset={reset} labels={{ reset: t("reset"), apply: t("apply") }} testIdPrefix="access-filter" />
      </Stack>
    </form>
  );
}

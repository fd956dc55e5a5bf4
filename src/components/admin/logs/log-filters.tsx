"use client";
// The search and filters of the audit, traffic and node latency lists, kept in the URL (list kit).
// Text fields filter as you type, choices at once, the times on Enter or the button; any change
// starts again at the newest page. Times are typed in the browser's zone and travel as instants.
import { Select, SimpleGrid, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FilterButtons, ListSearch, TimeRangeFields, useTimeRange, useUrlFilters } from "../list-kit";
import { ACTOR_KIND_CODES, CARRIER_CODES, FIELD_OF_PARAM, FILTER_PARAMS, type LogKind } from "./log-codes";

interface Props {
  kind: LogKind;
  filters: Record<string, string>;
  nodes: { id: string; name: string }[];
  /** The server's field problems, worded, by the verb's field name. */
  errors: Record<string, string>;
}

type TextParam = "q" | "actor" | "action" | "user" | "sub";

export function LogFilters({ kind, filters, nodes, errors }: Props) {
  const t = useTranslations("adminLogs.filters");
  const tk = useTranslations("adminLogs");
  const { apply, pending } = useUrlFilters();
  const params = FILTER_PARAMS[kind];
  const range = useTimeRange(filters.from ?? "", filters.to ?? "");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(range.values());
  };
  const reset = () => {
    range.clear();
    apply(Object.fromEntries(params.map((k) => [k, null])));
  };
  const err = (k: string) => errors[FIELD_OF_PARAM[k] ?? k];
  const textField = (k: TextParam, extra: { maxLength?: number } = {}) => (
    <ListSearch
      key={k}
      bare
      visibleLabel
      param={k}
      value={filters[k] ?? ""}
      apply={apply}
      label={t(k)}
      placeholder={t(`${k}Placeholder`)}
      error={err(k)}
      maxLength={extra.maxLength ?? 254}
      testId={`log-filter-${k}`}
    />
  );
  const select = (k: "actorKind" | "carrier" | "node", data: { value: string; label: string }[], searchable = false) => (
    <Select
      key={k}
      label={t(k)}
      placeholder={t(`${k}All`)}
      data={data}
      value={filters[k] || null}
      onChange={(v) => apply({ [k]: v ?? "" })}
      clearable
      searchable={searchable}
      nothingFoundMessage={t("none")}
      error={err(k)}
      comboboxProps={{ withinPortal: true }}
      data-testid={`log-filter-${k}`}
    />
  );

  return (
    <form onSubmit={submit} role="search" aria-label={t("label")}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          {kind === "audit" ? (
            <>
              {textField("q", { maxLength: 200 })}
              {textField("actor")}
              {select("actorKind", ACTOR_KIND_CODES.map((a) => ({ value: a, label: tk(`actorKinds.${a}`) })))}
              {textField("action", { maxLength: 100 })}
            </>
          ) : null}
          {kind === "traffic" ? (
            <>
              {textField("user")}
              {textField("sub", { maxLength: 36 })}
            </>
          ) : null}
          {kind === "nodeLatency" ? (
            <>
              {select("node", nodes.map((n) => ({ value: n.id, label: n.name })), true)}
              {select("carrier", CARRIER_CODES.map((c) => ({ value: c, label: tk(`carriers.${c}`) })))}
            </>
          ) : null}
          <TimeRangeFields range={range} labels={{ from: t("from"), to: t("to") }} errors={{ from: err("from"), to: err("to") }} testIdPrefix="log-filter" />
        </SimpleGrid>
        <FilterButtons pending={pending} onReset={reset} labels={{ reset: t("reset"), apply: t("apply") }} testIdPrefix="log-filter" />
      </Stack>
    </form>
  );
}

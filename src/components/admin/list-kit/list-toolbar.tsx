"use client";
// A list's toolbar: the search, then one select per filter, wrapping on narrow screens (two
// selects a row on a phone). Choices apply at once.
import { Group, Select, TextInput, type SelectProps } from "@mantine/core";
import type { ReactNode } from "react";
import { ListSearch } from "./list-search";
import { useUrlFilters } from "./use-url-filters";

export interface FilterDef {
  param: string;
  label: string;
  placeholder: string;
  data: SelectProps["data"];
  testId: string;
  /** Width from the `xs` breakpoint up; below it two share a row. */
  width?: number;
  searchable?: boolean;
  nothingFound?: string;
}

interface Props {
  search: { label: string; placeholder: string; testId: string; param?: string };
  filters?: FilterDef[];
  /** More fields or buttons at the end (date filters, create). */
  children?: ReactNode;
  testId?: string;
}

export function FilterSelect({ def, value, onChange }: { def: FilterDef; value: string | null; onChange: (v: string | null) => void }) {
  return (
    <Select
      placeholder={def.placeholder}
      aria-label={def.label}
      data={def.data}
      value={value}
      onChange={onChange}
      clearable
      searchable={def.searchable}
      nothingFoundMessage={def.nothingFound}
      w={{ base: "calc(50% - 6px)", xs: def.width ?? 170 }}
      data-testid={def.testId}
    />
  );
}

export function ListToolbar({ search, filters = [], children, testId = "list-toolbar" }: Props) {
  const { apply, pending, value } = useUrlFilters();
  const param = search.param ?? "q";
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid={testId}>
      <ListSearch value={value(param) ?? ""} apply={apply} pending={pending} param={param} label={search.label} placeholder={search.placeholder} testId={search.testId} />
      {filters.map((f) => (
        <FilterSelect key={f.param} def={f} value={value(f.param)} onChange={(v) => apply({ [f.param]: v })} />
      ))}
      {children}
    </Group>
  );
}

/** A day filter (yyyy-mm-dd in the URL); the browser's date picker applies at once. */
export function DateFilter({ param, label, testId }: { param: string; label: string; testId: string }) {
  const { apply, value } = useUrlFilters();
  return <TextInput type="date" label={label} value={value(param) ?? ""} onChange={(e) => apply({ [param]: e.currentTarget.value })} w={{ base: "calc(50% - 6px)", xs: 160 }} data-testid={testId} />;
}

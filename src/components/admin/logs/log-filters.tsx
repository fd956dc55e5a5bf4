"use client";
// The search and filters of the audit, traffic and node latency lists, kept in the URL (list kit).
// Text fields filter as you type, choices at once, the times on Enter or the button; any change
// starts again at the newest page. Times are typed in the browser's zone and travel as instants.
import { Button, Group, Loader, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { ListSearch, useUrlFilters } from "../list-kit";
import { fromLocalInput, toLocalInput } from "../risk/access-log-codes";
import { ACTOR_KIND_CODES, CARRIER_CODES, FIELD_OF_PARAM, FILTER_PARAMS, type LogKind } from "./log-codes";

interface Props {
  kind: LogKind;
  filters: Record<string, string>;
  nodes: { id: string; name: string }[];
  /** The server's field problems, worded, by the verb's field name. */
  errors: Record<string, string>;
}

const noSubscribe = () => () => {};
type TextParam = "q" | "actor" | "action" | "user" | "sub";

export function LogFilters({ kind, filters, nodes, errors }: Props) {
  const t = useTranslations("adminLogs.filters");
  const tk = useTranslations("adminLogs");
  const { apply, pending } = useUrlFilters();
  const params = FILTER_PARAMS[kind];
  // The server cannot know the browser's zone: the time fields show their value once hydrated,
  // and null means "not edited".
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ from: fromText === null ? filters.from : fromLocalInput(fromText), to: toText === null ? filters.to : fromLocalInput(toText) });
  };
  const reset = () => {
    setFromText("");
    setToText("");
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
          <TextInput
            type="datetime-local"
            label={t("from")}
            value={fromText ?? (hydrated ? toLocalInput(filters.from ?? "") : "")}
            onChange={(e) => setFromText(e.currentTarget.value)}
            error={err("from")}
            data-testid="log-filter-from"
          />
          <TextInput
            type="datetime-local"
            label={t("to")}
            value={toText ?? (hydrated ? toLocalInput(filters.to ?? "") : "")}
            onChange={(e) => setToText(e.currentTarget.value)}
            error={err("to")}
            data-testid="log-filter-to"
          />
        </SimpleGrid>
        <Group gap="xs" justify="flex-end">
          {pending ? <Loader size="xs" /> : null}
          <Button variant="default" leftSection={<IconX size={16} />} onClick={reset} data-testid="log-filter-reset">
            {t("reset")}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="log-filter-apply">
            {t("apply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

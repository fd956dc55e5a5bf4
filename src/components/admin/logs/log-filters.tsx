"use client";
// The search and filters of the audit, traffic and node latency lists, kept in the URL. Text fields
// apply on Enter or the button, choices at once; any change starts again at the newest page. Times
// are typed in the browser's zone and travel as instants.
import { Button, Group, Loader, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useSyncExternalStore, useTransition, type FormEvent } from "react";
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
const TEXT_PARAMS = ["q", "actor", "action", "user", "sub"] as const;

export function LogFilters({ kind, filters, nodes, errors }: Props) {
  const t = useTranslations("adminLogs.filters");
  const tk = useTranslations("adminLogs");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const params = FILTER_PARAMS[kind];
  const [text, setText] = useState<Record<string, string>>(() => Object.fromEntries(TEXT_PARAMS.map((k) => [k, filters[k] ?? ""])));
  // The server cannot know the browser's zone: the time fields show their value once hydrated,
  // and null means "not edited".
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);

  const go = (values: Record<string, string>) => {
    const q = new URLSearchParams({ kind });
    for (const k of params) if (values[k]?.trim()) q.set(k, values[k].trim());
    startTransition(() => router.push(`${pathname}?${q.toString()}`));
  };
  const current = (): Record<string, string> => ({
    ...filters,
    ...text,
    from: fromText === null ? (filters.from ?? "") : fromLocalInput(fromText),
    to: toText === null ? (filters.to ?? "") : fromLocalInput(toText),
  });
  const apply = (next: Record<string, string> = {}) => go({ ...current(), ...next });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply();
  };
  const reset = () => {
    setText(Object.fromEntries(TEXT_PARAMS.map((k) => [k, ""])));
    setFromText("");
    setToText("");
    go({});
  };
  const err = (k: string) => errors[FIELD_OF_PARAM[k] ?? k];
  const textField = (k: (typeof TEXT_PARAMS)[number], extra: { maxLength?: number; ff?: string } = {}) => (
    <TextInput
      key={k}
      label={t(k)}
      placeholder={t(`${k}Placeholder`)}
      value={text[k] ?? ""}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setText((x) => ({ ...x, [k]: v }));
      }}
      error={err(k)}
      maxLength={extra.maxLength ?? 254}
      ff={extra.ff}
      autoComplete="off"
      spellCheck={false}
      data-testid={`log-filter-${k}`}
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
              {textField("action", { maxLength: 100, ff: "monospace" })}
            </>
          ) : null}
          {kind === "traffic" ? (
            <>
              {textField("user")}
              {textField("sub", { maxLength: 36, ff: "monospace" })}
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

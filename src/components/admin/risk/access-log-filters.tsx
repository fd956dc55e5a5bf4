"use client";
// The access log's search and filters, kept in the URL. Text fields apply on Enter or the button,
// choices at once; any change starts again at the newest page. Times are typed in the browser's
// zone and travel as instants.
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useSyncExternalStore, useTransition, type FormEvent } from "react";
import { ACCESS_OUTCOME_CODES, ACCESS_SOURCE_CODES, FIELD_OF_PARAM, FILTER_PARAMS, fromLocalInput, toLocalInput, type AccessLogFilterValues } from "./access-log-codes";

interface Props {
  filters: AccessLogFilterValues;
  nodes: { id: string; name: string }[];
  /** The server's field problems, worded, by the verb's field name. */
  errors: Record<string, string>;
}

const noSubscribe = () => () => {};

export function AccessLogFilters({ filters, nodes, errors }: Props) {
  const t = useTranslations("adminRiskLogs.filters");
  const tl = useTranslations("adminRiskLogs");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [text, setText] = useState({ user: filters.user, ip: filters.ip, country: filters.country, sub: filters.sub });
  // The server cannot know the browser's zone: the time fields show their value once hydrated,
  // and null means "not edited".
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);
  const fromValue = fromText ?? (hydrated ? toLocalInput(filters.from) : "");
  const toValue = toText ?? (hydrated ? toLocalInput(filters.to) : "");

  const go = (values: AccessLogFilterValues) => {
    const params = new URLSearchParams();
    for (const k of FILTER_PARAMS) if (values[k].trim()) params.set(k, values[k].trim());
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const current = (): AccessLogFilterValues => ({
    ...filters,
    ...text,
    from: fromText === null ? filters.from : fromLocalInput(fromText),
    to: toText === null ? filters.to : fromLocalInput(toText),
  });
  const apply = (next: Partial<AccessLogFilterValues> = {}) => go({ ...current(), ...next });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply();
  };
  const reset = () => {
    setText({ user: "", ip: "", country: "", sub: "" });
    setFromText("");
    setToText("");
    go({ user: "", userId: "", ip: "", country: "", sub: "", source: "", outcome: "", node: "", from: "", to: "" });
  };
  const err = (k: keyof AccessLogFilterValues) => errors[FIELD_OF_PARAM[k]];
  const textField = (k: "user" | "ip" | "country" | "sub", label: string, placeholder: string, extra: { maxLength?: number; ff?: string } = {}) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setText((x) => ({ ...x, [k]: v }));
      }}
      error={err(k)}
      maxLength={extra.maxLength ?? 254}
      ff={extra.ff}
      autoComplete="off"
      spellCheck={false}
      data-testid={`access-filter-${k}`}
    />
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
          {textField("ip", t("ip"), t("ipPlaceholder"), { maxLength: 64, ff: "monospace" })}
          {textField("country", t("country"), t("countryPlaceholder"), { maxLength: 2 })}
          {textField("sub", t("subscription"), t("subscriptionPlaceholder"), { maxLength: 36, ff: "monospace" })}
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
          <TextInput type="datetime-local" label={t("from")} value={fromValue} onChange={(e) => setFromText(e.currentTarget.value)} error={err("from")} data-testid="access-filter-from" />
          <TextInput type="datetime-local" label={t("to")} value={toValue} onChange={(e) => setToText(e.currentTarget.value)} error={err("to")} data-testid="access-filter-to" />
        </SimpleGrid>
        <Group gap="xs" justify="flex-end">
          {pending ? <Loader size="xs" /> : null}
          <Button variant="default" leftSection={<IconX size={16} />} onClick={reset} data-testid="access-filter-reset">
            {t("reset")}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="access-filter-apply">
            {t("apply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

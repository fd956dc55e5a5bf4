"use client";
// The client catalogue (`subscriptionClients`) as JSON text. The server checks it entry by entry and
// answers each problem at its path (`subscriptionClients.<index>.<field>`); they are listed under the
// text with the entry's number and name, since a text area cannot point at a line.
import { Button, Group, List, Stack, Text, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { SETTINGS_DEFAULTS } from "@/server/services/settings/schema";

const KEY = "subscriptionClients";

/** Errors of the form that belong to this field: the whole setting's, and one per entry path. */
export function catalogueErrors(errors: Partial<Record<string, string>>): { own?: string; entries: { index: number; field: string; message: string }[] } {
  const entries: { index: number; field: string; message: string }[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const m = new RegExp(`^${KEY}\\.(\\d+)(?:\\.(.+))?$`).exec(key);
    if (m && message) entries.push({ index: Number(m[1]), field: m[2] ?? "", message });
  }
  return { own: errors[KEY], entries: entries.sort((a, b) => a.index - b.index) };
}

/** Names of the entries as typed, for naming an entry in its problem (none while the text is not JSON). */
function entryNames(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.map((e) => (e && typeof e === "object" && typeof (e as { name?: unknown }).name === "string" ? (e as { name: string }).name : "")) : [];
  } catch {
    return [];
  }
}

interface Props {
  value: string;
  errors: Partial<Record<string, string>>;
  onChange: (text: string) => void;
}

export function ClientCatalogueField({ value, errors, onChange }: Props) {
  const t = useTranslations("adminSettings");
  const { own, entries } = catalogueErrors(errors);
  const names = entryNames(value);
  const entryLabel = (i: number) => (names[i] ? t("catalogue.entryNamed", { number: i + 1, name: names[i] }) : t("catalogue.entry", { number: i + 1 }));
  return (
    <Stack gap="xs">
      <Textarea
        label={t("fields.subscriptionClients")}
        description={t("catalogue.hint")}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={8}
        maxRows={24}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        error={own ?? (entries.length ? t("catalogue.entryErrors", { count: entries.length }) : undefined)}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-xs)" } }}
        data-testid={`setting-${KEY}`}
      />
      {entries.length ? (
        <List size="sm" c="red" spacing={2} data-testid={`setting-${KEY}-errors`}>
          {entries.map((e) => (
            <List.Item key={`${e.index}.${e.field}`} style={{ overflowWrap: "anywhere" }}>
              {entryLabel(e.index)}
              {e.field ? ` · ${e.field}` : ""}: {e.message}
            </List.Item>
          ))}
        </List>
      ) : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t("catalogue.cliHint")}
        </Text>
        <Button variant="default" size="xs" onClick={() => onChange(JSON.stringify(SETTINGS_DEFAULTS[KEY], null, 2))} data-testid={`setting-${KEY}-defaults`}>
          {t("catalogue.restoreDefaults")}
        </Button>
      </Group>
    </Stack>
  );
}

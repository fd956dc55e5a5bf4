"use client";
import { Accordion, Anchor, Code, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { TagGroup } from "@/server/openapi/reference";
import { useLabels } from "../../labels/use-labels";
import { EndpointDetails } from "./endpoint-details";
import { filterGroups } from "./endpoint-filter";
import { MethodBadge } from "./method-badge";

/** The endpoint list grouped by tag; the search filters as one types (the whole list is a few dozen rows). */
export function ApiReference({ groups }: { groups: TagGroup[] }) {
  const t = useTranslations("adminApi");
  const label = useLabels();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);
  const count = shown.reduce((n, g) => n + g.endpoints.length, 0);
  return (
    <Stack gap="md">
      <Group gap="sm" align="center" wrap="wrap">
        <TextInput
          role="search"
          style={{ flex: "1 1 240px" }}
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="api-search"
        />
        <Text size="sm" c="dimmed" data-testid="api-count">
          {t("count", { count })}
        </Text>
        <Anchor href="/api/openapi.json" target="_blank" size="sm">
          {t("openJson")}
        </Anchor>
      </Group>
      {shown.length === 0 && <Text c="dimmed">{t("noMatch")}</Text>}
      {shown.map((g) => (
        <section key={g.tag} aria-labelledby={`api-tag-${g.tag}`}>
          <Title order={3} size="h4" mb="xs" id={`api-tag-${g.tag}`}>
            {label.open("apiTag", g.tag)}
          </Title>
          <Accordion multiple variant="separated" chevronPosition="right">
            {g.endpoints.map((e) => (
              <Accordion.Item key={e.id} value={e.id} data-testid={`api-endpoint-${e.id}`}>
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <MethodBadge method={e.method} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Code style={{ wordBreak: "break-all", background: "transparent", padding: 0 }} fw={600}>
                        {e.path}
                      </Code>
                      <Text size="sm" c="dimmed">
                        {e.summary}
                      </Text>
                    </Stack>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <EndpointDetails endpoint={e} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
    </Stack>
  );
}

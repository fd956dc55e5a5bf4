"use client";
import { Badge, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { EndpointRow, FieldRow } from "@/server/openapi/reference";

const IN_KEYS = ["path", "query", "header", "body"] as const;

function Fields({ rows }: { rows: FieldRow[] }) {
  const t = useTranslations("adminApi");
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {rows.map((f) => (
        <li key={`${f.in}:${f.name}`}>
          <Group gap={6} wrap="wrap" align="baseline">
            <Code fw={600}>{f.name}</Code>
            <Text size="xs" c="dimmed">
              {IN_KEYS.find((k) => k === f.in) ? t(`in.${f.in as (typeof IN_KEYS)[number]}`) : f.in} · {f.required ? t("required") : t("optional")}
            </Text>
            <Text size="sm" style={{ wordBreak: "break-word" }}>
              {f.type}
            </Text>
          </Group>
          {f.description && (
            <Text size="xs" c="dimmed">
              {f.description}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

/** One endpoint's parameters, body fields and responses, as the document states them. */
export function EndpointDetails({ endpoint: e }: { endpoint: EndpointRow }) {
  const t = useTranslations("adminApi");
  return (
    <Stack gap="sm">
      {e.description && <Text size="sm">{e.description}</Text>}
      <Group gap={6}>
        <Text size="sm" fw={500}>
          {t("who")}:
        </Text>
        <Badge variant="outline" color={e.access === "admin" ? "red" : e.access === "public" ? "gray" : "blue"}>
          {t(`access.${e.access}`)}
        </Badge>
        {e.sessionOptional && (
          <Text size="xs" c="dimmed">
            {t("sessionOptional")}
          </Text>
        )}
      </Group>
      <div>
        <Title order={5} mb={4}>
          {t("parameters")}
        </Title>
        {e.parameters.length ? <Fields rows={e.parameters} /> : <Text size="sm" c="dimmed">{t("none")}</Text>}
      </div>
      {e.bodyType && (
        <div>
          <Group gap={6} mb={4}>
            <Title order={5}>{t("body")}</Title>
            <Code>{e.bodyType}</Code>
          </Group>
          <Fields rows={e.bodyFields} />
        </div>
      )}
      <div>
        <Title order={5} mb={4}>
          {t("responses")}
        </Title>
        <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {e.responses.map((r) => (
            <li key={r.status}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge variant="light" color={r.status.startsWith("2") ? "green" : r.status.startsWith("5") ? "red" : "orange"} style={{ flexShrink: 0 }}>
                  {r.status}
                </Badge>
                <Text size="sm" style={{ wordBreak: "break-word" }}>
                  {r.description}
                  {r.contentTypes.length > 0 && !r.status.match(/^[45]/) && (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      ({r.contentTypes.join(", ")})
                    </Text>
                  )}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      </div>
    </Stack>
  );
}

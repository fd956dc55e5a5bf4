"use client";
// The mail templates, each with its two languages: customised or built-in, when edited, and a way
// to the editor. A short fixed list, filtered in the browser (search, customised only).
import { Badge, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconMailOff, IconPencil, IconSearch } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { ButtonLink } from "@/components/links";
import { EmptyState } from "@/components/shell/empty-state";
import { ListFooter } from "@/components/shell/list-footer";
import { useTemplateWords } from "./words";

export interface MailTemplateRow { template: string; locale: string; customised: boolean; updatedAt: Date | null }

export function MailTemplatesList({ rows }: { rows: MailTemplateRow[] }) {
  const t = useTranslations("mailTemplates");
  const w = useTemplateWords();
  const f = useFormatter();
  const [q, setQ] = useState("");
  const [onlyCustomised, setOnlyCustomised] = useState(false);

  const ids = [...new Set(rows.map((r) => r.template))];
  const needle = q.trim().toLowerCase();
  const shown = ids.filter((id) => {
    const own = rows.filter((r) => r.template === id);
    if (onlyCustomised && !own.some((r) => r.customised)) return false;
    return !needle || [id, w.name(id), w.description(id)].some((s) => s.toLowerCase().includes(needle));
  });

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          aria-label={t("search")}
          placeholder={t("search")}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: "1 1 220px" }}
          data-testid="mail-templates-search"
        />
        <Switch label={t("onlyCustomised")} checked={onlyCustomised} onChange={(e) => setOnlyCustomised(e.currentTarget.checked)} data-testid="mail-templates-only-customised" />
      </Group>
      {shown.length === 0 ? <EmptyState icon={<IconMailOff size={24} />} title={t("noMatch")} hint={t("noMatchHint")} testId="mail-templates-empty" /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {shown.map((id) => (
          <Card key={id} withBorder padding="md" data-testid={`mail-template-${id}`}>
            <Stack gap="xs">
              <div>
                <Text fw={600}>{w.name(id)}</Text>
                <Text size="sm" c="dimmed">
                  {w.description(id)}
                </Text>
              </div>
              {rows
                .filter((r) => r.template === id)
                .map((r) => (
                  <Group key={r.locale} justify="space-between" gap="xs" wrap="nowrap" data-testid={`mail-template-${id}-${r.locale}`}>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={500}>
                          {w.language(r.locale)}
                        </Text>
                        {r.customised ? (
                          <Badge color="blue" variant="light" data-testid="mail-template-customised">
                            {t("customised")}
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            {t("builtIn")}
                          </Badge>
                        )}
                      </Group>
                      {r.updatedAt ? (
                        <Text size="xs" c="dimmed">
                          {t("editedAt", { time: f.dateTime(new Date(r.updatedAt), { dateStyle: "medium", timeStyle: "short" }) })}
                        </Text>
                      ) : null}
                    </Stack>
                    <ButtonLink href={`/admin/mail-templates/${id}/${r.locale}`} variant="light" size="xs" leftSection={<IconPencil size={14} />} aria-label={`${t("edit")}: ${w.name(id)} (${w.language(r.locale)})`} data-testid={`mail-template-edit-${id}-${r.locale}`}>
                      {t("edit")}
                    </ButtonLink>
                  </Group>
                ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ListFooter count={t("count", { count: shown.length })} pages={1} page={1} testId="mail-templates-total" />
    </Stack>
  );
}

"use client";
// A template's placeholders with what each holds; clicking one inserts it into the last focused field.
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useTemplateWords } from "./words";

export function PlaceholderList({ names, onInsert }: { names: readonly string[]; onInsert: (tag: string) => void }) {
  const t = useTranslations("mailTemplates.editor");
  const w = useTemplateWords();
  return (
    <Card withBorder padding="sm" data-testid="mail-template-placeholders">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t("placeholdersTitle")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("placeholdersHint")}
        </Text>
        {names.map((n) => (
          <Stack key={n} gap={2}>
            <Group gap={4} wrap="wrap">
              {/* Mouse down must not take the focus (and the caret) away from the field. */}
              <Button size="compact-xs" variant="light" ff="monospace" onMouseDown={(e) => e.preventDefault()} onClick={() => onInsert(`{{${n}}}`)} data-testid={`mail-template-insert-${n}`}>
                {`{{${n}}}`}
              </Button>
              <Button size="compact-xs" variant="subtle" ff="monospace" aria-label={`${t("section")}: ${n}`} onMouseDown={(e) => e.preventDefault()} onClick={() => onInsert(`{{#${n}}}…{{/${n}}}`)}>
                {`{{#${n}}}…{{/${n}}}`}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {w.placeholder(n)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

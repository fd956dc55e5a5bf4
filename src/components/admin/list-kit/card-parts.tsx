"use client";
// The pieces a list's phone card is made of, so every list's card reads the same: a head (the row's
// name, wrapping rather than cut, with its status or amount beside it), facts as "label: value"
// lines, and the row's actions at the bottom right.
import { Group, Text, type MantineSpacing } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export function CardHead({ title, aside, mono }: { title: ReactNode; aside?: ReactNode; mono?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={600} size="sm" ff={mono ? "monospace" : undefined} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {title}
      </Text>
      {aside}
    </Group>
  );
}

export function CardFact({ label, value, mt, testId }: { label: string; value: string; mt?: MantineSpacing; testId?: string }) {
  const t = useTranslations("listKit");
  return (
    <Text size="xs" c="dimmed" mt={mt} style={{ overflowWrap: "anywhere" }} data-testid={testId}>
      {t("labeled", { label, value })}
    </Text>
  );
}

export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" mt={6}>
      {children}
    </Group>
  );
}

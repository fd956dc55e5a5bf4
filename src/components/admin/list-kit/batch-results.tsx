"use client";
// After a batch: how many went through, then each row's outcome, a refusal in words.
import { Badge, Card, CloseButton, Group, Stack, Text } from "@mantine/core";
import type { RowAttrs } from "./list-view";

export interface BatchOutcome {
  id: string;
  label: string;
  ok: boolean;
  /** The refusal, already worded. */
  message?: string | null;
  attrs?: RowAttrs;
}

interface Props {
  results: BatchOutcome[];
  onClose: () => void;
  labels: { summary: string; dismiss: string; ok: string; failed: string };
  /** `<testId>-results` around, `<testId>-result` per row. */
  testId: string;
}

export function BatchResults({ results, onClose, labels, testId }: Props) {
  return (
    <Card withBorder padding="sm" data-testid={`${testId}-results`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {labels.summary}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={labels.dismiss} />
      </Group>
      <Stack gap={6}>
        {results.map((r) => (
          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start" data-testid={`${testId}-result`} data-ok={r.ok} {...r.attrs}>
            <Badge color={r.ok ? "teal" : "red"} variant="light" style={{ flexShrink: 0 }}>
              {r.ok ? labels.ok : labels.failed}
            </Badge>
            <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {r.label}
            </Text>
            {!r.ok && r.message ? (
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {r.message}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

"use client";
import { Badge, Card, CloseButton, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useSyncReason, type SyncOutcome } from "./sync-result";

export type BatchResult = { nodeId: string; name: string } & SyncOutcome;

/**
 * Per-node outcome of "test selected": the action's one message (no toast beside it). A panel that
 * could not be used is a warning in the same words as the node forms (see sync-result.tsx).
 */
export function BatchResults({ results, onClose }: { results: BatchResult[]; onClose: () => void }) {
  const t = useTranslations("nodes");
  const reasonOf = useSyncReason();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Card withBorder padding="sm" data-testid="batch-results">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t("batch.summary", { ok, total: results.length })}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t("batch.dismiss")} />
      </Group>
      <Stack gap={6}>
        {results.map((r) => (
          <Group key={r.nodeId} gap="xs" wrap="nowrap" align="flex-start" data-testid="batch-result" data-node-id={r.nodeId} data-ok={r.ok}>
            <Badge color={r.ok ? "teal" : "yellow"} variant="light" style={{ flexShrink: 0 }}>
              {r.ok ? t("batch.ok") : t("batch.failed")}
            </Badge>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {r.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }} title={r.ok ? undefined : r.error?.message}>
              {r.ok ? t("sync.ok", { count: r.inboundCount }) : reasonOf(r)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

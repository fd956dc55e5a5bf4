"use client";
// A node's current CPU, memory and disk use (its newest health sample) as three small badges, warm
// colours as they fill up; the sample's time and the absolute figures on hover.
import { Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import type { HealthSample } from "@/server/services/telemetry";
import { formatBytes } from "../subscriptions/bytes";

export const usageColor = (pct: number) => (pct >= 90 ? "red" : pct >= 75 ? "orange" : pct >= 50 ? "yellow" : "teal");

/** Used share in percent, null when the sample lacks either figure. */
export function shareOf(used: number | null, total: number | null): number | null {
  return used === null || total === null || total <= 0 ? null : Math.min(100, (100 * used) / total);
}

export function NodeUsage({ sample, stale = false }: { sample: HealthSample | null; stale?: boolean }) {
  const t = useTranslations("nodes.health");
  const f = useFormatter();
  if (!sample) {
    return (
      <Text size="sm" c="dimmed" data-testid="node-usage" data-state="none">
        –
      </Text>
    );
  }
  const figures = [
    { key: "cpu", label: t("cpu"), pct: sample.cpuPercent, detail: null },
    { key: "memory", label: t("memory"), pct: shareOf(sample.memUsedBytes, sample.memTotalBytes), detail: [sample.memUsedBytes, sample.memTotalBytes] },
    { key: "disk", label: t("disk"), pct: shareOf(sample.diskUsedBytes, sample.diskTotalBytes), detail: [sample.diskUsedBytes, sample.diskTotalBytes] },
  ] as const;
  const tip = (
    <Stack gap={2}>
      {figures.map((x) =>
        x.detail && x.detail[0] !== null && x.detail[1] !== null ? (
          <Text key={x.key} size="xs">
            {x.label}: {t("usedOf", { used: formatBytes(x.detail[0]), total: formatBytes(x.detail[1]) })}
          </Text>
        ) : null,
      )}
      <Text size="xs">{t("sampledAt", { when: f.dateTime(new Date(sample.sampledAt), { dateStyle: "medium", timeStyle: "short" }) })}</Text>
    </Stack>
  );
  return (
    <Tooltip label={tip}>
      <Group gap={4} wrap="nowrap" data-testid="node-usage" data-state={stale ? "stale" : "ok"} style={stale ? { opacity: 0.55 } : undefined}>
        {figures.map((x) => (
          <Badge key={x.key} size="sm" variant="light" color={x.pct === null ? "gray" : usageColor(x.pct)} data-testid={`node-usage-${x.key}`} data-value={x.pct === null ? "" : Math.round(x.pct)}>
            {t("usage", { label: x.label, value: x.pct === null ? "–" : f.number(x.pct, { maximumFractionDigits: 0 }) })}
          </Badge>
        ))}
      </Group>
    </Tooltip>
  );
}

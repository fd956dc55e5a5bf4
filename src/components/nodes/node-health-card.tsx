"use client";
// Node page: the agent (version, state, last report per kind), the newest health sample, and the
// health history over 24 hours or 7 days. Both ranges come rendered from the server (bounded).
import { Card, Divider, Group, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { AgentReportKind } from "@/server/db/schema";
import type { HealthHistory, HealthRange, NodeHealthSummary } from "@/server/services/telemetry";
import { formatBytes } from "../subscriptions/bytes";
import { AgentStateBadge } from "./agent-state-badge";
import { NodeHealthChart } from "./node-health-chart";
import { NodeUsage } from "./node-usage";
import { RelativeTime } from "./relative-time";

// Client-side copies of the server lists (the schema module is not for the browser bundle).
const KINDS: AgentReportKind[] = ["latency", "trace", "access", "metrics"];
const RANGES: HealthRange[] = ["1d", "7d"];

export function NodeHealthCard({ summary, histories }: { summary: NodeHealthSummary; histories: Record<HealthRange, HealthHistory> }) {
  const t = useTranslations("nodes.health");
  const f = useFormatter();
  const [range, setRange] = useState<HealthRange>("1d");
  const s = summary.latest;
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? "–" : t("rate", { value: formatBytes(v) }));
  const uptime = s?.uptimeSeconds ?? null;

  return (
    <Card withBorder padding="md" data-testid="node-health">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Text fw={600} size="lg">
              {t("title")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("hint")}
            </Text>
          </div>
          <SegmentedControl size="xs" value={range} onChange={(v) => setRange(v as HealthRange)} data={RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))} aria-label={t("title")} data-testid="health-range" />
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t("version")}
            </Text>
            <AgentStateBadge status={summary} />
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t("lastReports")}
            </Text>
            {KINDS.map((k) => (
              <Group key={k} gap="xs" justify="space-between" wrap="nowrap" data-testid={`last-report-${k}`}>
                <Text size="sm">{t(`kind.${k}`)}</Text>
                <RelativeTime date={summary.lastReports[k] ?? null} />
              </Group>
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t("cpu")} · {t("memory")} · {t("disk")}
            </Text>
            <NodeUsage sample={s} stale={summary.state === "stale"} />
            {s ? <RelativeTime date={s.sampledAt} size="xs" c="dimmed" /> : <Text size="xs" c="dimmed">{t("noSample")}</Text>}
          </Stack>
          <Stack gap={4}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{t("load")}</Text>
              <Text size="sm" data-testid="health-load">
                {s?.load1 === null || s?.load1 === undefined ? "–" : f.number(s.load1, { maximumFractionDigits: 2 })}
              </Text>
            </Group>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{t("uptime")}</Text>
              <Text size="sm">{uptime === null ? "–" : t("uptimeValue", { days: Math.floor(uptime / 86_400), hours: Math.floor((uptime % 86_400) / 3600) })}</Text>
            </Group>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{t("rx")}</Text>
              <Text size="sm">{rate(s?.netRxBytesPerSec)}</Text>
            </Group>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{t("tx")}</Text>
              <Text size="sm">{rate(s?.netTxBytesPerSec)}</Text>
            </Group>
          </Stack>
        </SimpleGrid>

        <Divider />
        <NodeHealthChart history={histories[range]} />
      </Stack>
    </Card>
  );
}

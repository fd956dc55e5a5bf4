"use client";
// Node page: the latest latency and the history chart for each carrier, one range for all three.
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { LatencyHistory, RouteLabel } from "@/server/services/telemetry";
import { LatencyBadge } from "./latency-badge";
import { LatencyChart } from "./latency-chart";
import { CARRIERS, RANGES, type Carrier, type HistoryRange } from "./meta";
import { RouteBadge } from "./route-badge";

interface Props {
  nodeId: string;
  latest: Partial<Record<Carrier, { latencyMs: number; updatedAt: string }>>;
  routes: Partial<Record<Carrier, RouteLabel>>;
  initial: Partial<Record<Carrier, LatencyHistory>>;
}

export function LatencyPanel({ nodeId, latest, routes, initial }: Props) {
  const t = useTranslations("lines");
  const [range, setRange] = useState<HistoryRange>("1d");
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="lg">
          {t("historyTitle")}
        </Text>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v as HistoryRange)}
          data={RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
          aria-label={t("historyTitle")}
          data-testid="latency-range"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        {CARRIERS.map((c) => (
          <Card key={c} withBorder padding="md" data-testid={`latency-card-${c}`} data-latency={latest[c]?.latencyMs}>
            <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{t(`carriers.${c}`)}</Text>
                {routes[c] ? <RouteBadge label={routes[c]} size="sm" /> : null}
              </Group>
              <LatencyBadge ms={latest[c]?.latencyMs} at={latest[c]?.updatedAt} size="lg" testId={`latency-latest-${c}`} />
            </Group>
            <LatencyChart nodeId={nodeId} carrier={c} range={range} initial={initial[c]} height={200} testId={`latency-chart-${c}`} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

"use client";
// Accesses per hour around the event, subscription fetches and node connections stacked, so a burst
// or a second place taking over is visible at a glance.
import { BarChart } from "@mantine/charts";
import { Center, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";

export function RiskTimelineChart({ hours, api, node, height = 240 }: { hours: string[]; api: number[]; node: number[]; height?: number }) {
  const t = useTranslations("adminRisk.detail");
  const f = useFormatter();
  const total = api.reduce((a, b) => a + b, 0) + node.reduce((a, b) => a + b, 0);
  if (total === 0) {
    return (
      <Center h={height} data-testid="risk-timeline" data-state="empty">
        <Text size="sm" c="dimmed" ta="center">
          {t("timelineEmpty")}
        </Text>
      </Center>
    );
  }
  const data = hours.map((h, i) => ({ hour: f.dateTime(new Date(h), { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }), api: api[i] ?? 0, node: node[i] ?? 0 }));
  return (
    <div data-testid="risk-timeline" data-state="ready" data-points={data.length} data-total={total}>
      <BarChart
        h={height}
        data={data}
        dataKey="hour"
        type="stacked"
        series={[
          { name: "api", label: t("sourceApi"), color: "blue.6" },
          { name: "node", label: t("sourceNode"), color: "orange.6" },
        ]}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        gridAxis="y"
        tickLine="none"
        yAxisProps={{ width: 48, allowDecimals: false }}
        xAxisProps={{ minTickGap: 24 }}
      />
    </div>
  );
}

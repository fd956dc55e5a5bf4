"use client";
// Each node's bytes per day, stacked: the busiest nodes by name, the rest together as "Other nodes"
// so the chart stays readable with many nodes.
import { BarChart } from "@mantine/charts";
import { Center, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { NodeTraffic } from "@/server/services/traffic";
import { formatBytes } from "../../subscriptions/bytes";
import { dayLabel } from "./day-label";

const COLORS = ["blue.6", "teal.6", "grape.6", "orange.6", "cyan.6", "pink.6"];
const OTHER = "__other";

export function NodeTrafficChart({ days, nodes, height = 260 }: { days: string[]; nodes: NodeTraffic[]; height?: number }) {
  const t = useTranslations("adminSubscriptions.traffic");
  const tc = useTranslations("adminSubscriptions");
  const busy = nodes.filter((n) => n.totalBytes > 0);
  if (busy.length === 0) {
    return (
      <Center h={height} data-testid="node-traffic-chart" data-state="empty">
        <Text size="sm" c="dimmed">
          {tc("chartEmpty")}
        </Text>
      </Center>
    );
  }
  const named = busy.slice(0, COLORS.length - (busy.length > COLORS.length ? 1 : 0));
  const rest = busy.slice(named.length);
  const data = days.map((d, i) => {
    const row: Record<string, string | number> = { day: dayLabel(d) };
    for (const n of named) row[n.nodeId] = n.daily[i] ?? 0;
    if (rest.length) row[OTHER] = rest.reduce((a, n) => a + (n.daily[i] ?? 0), 0);
    return row;
  });
  const series = [
    ...named.map((n, i) => ({ name: n.nodeId, label: n.name, color: COLORS[i]! })),
    ...(rest.length ? [{ name: OTHER, label: t("other"), color: "gray.6" }] : []),
  ];
  return (
    <div data-testid="node-traffic-chart" data-state="ready" data-series={series.length}>
      <BarChart
        h={height}
        data={data}
        dataKey="day"
        type="stacked"
        series={series}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 48 }}
        gridAxis="y"
        tickLine="none"
        yAxisProps={{ width: 72 }}
        xAxisProps={{ minTickGap: 16 }}
        valueFormatter={formatBytes}
      />
    </div>
  );
}

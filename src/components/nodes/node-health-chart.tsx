"use client";
// A node's health over 24 hours or 7 days (bucket averages): CPU and memory in percent on one chart,
// network throughput on another, since the two have different units.
import { LineChart } from "@mantine/charts";
import { Center, Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations, type DateTimeFormatOptions } from "next-intl";
import { useMemo } from "react";
import type { HealthHistory } from "@/server/services/telemetry";
import { formatBytes } from "../subscriptions/bytes";

export function NodeHealthChart({ history, height = 200 }: { history: HealthHistory; height?: number }) {
  const t = useTranslations("nodes.health");
  const f = useFormatter();
  const data = useMemo(() => {
    const opts: DateTimeFormatOptions = history.range === "1d" ? { hour: "2-digit", minute: "2-digit" } : { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" };
    return history.points.map((p) => ({ label: f.dateTime(new Date(p.t), opts), cpu: p.cpuPercent, memory: p.memPercent, rx: p.rxBytesPerSec, tx: p.txBytesPerSec }));
  }, [history, f]);

  if (data.length === 0) {
    return (
      <Center h={height} data-testid="node-health-chart" data-state="empty" data-range={history.range}>
        <Text size="sm" c="dimmed">
          {t("noHistory")}
        </Text>
      </Center>
    );
  }
  const common = {
    data,
    dataKey: "label",
    curveType: "monotone" as const,
    withDots: data.length <= 2,
    strokeWidth: 2,
    withLegend: true,
    legendProps: { verticalAlign: "bottom" as const, height: 36 },
    gridAxis: "y" as const,
    tickLine: "none" as const,
    xAxisProps: { minTickGap: 24 },
    connectNulls: true,
  };
  return (
    <Stack gap="md" data-testid="node-health-chart" data-state="ready" data-range={history.range} data-points={data.length}>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("usageChart")}
        </Text>
        <LineChart
          {...common}
          h={height}
          series={[
            { name: "cpu", label: t("cpu"), color: "blue.6" },
            { name: "memory", label: t("memory"), color: "grape.6" },
          ]}
          yAxisProps={{ width: 48, domain: [0, 100] }}
          valueFormatter={(v) => t("percent", { value: f.number(v, { maximumFractionDigits: 1 }) })}
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("networkChart")}
        </Text>
        <LineChart
          {...common}
          h={height}
          series={[
            { name: "rx", label: t("rx"), color: "teal.6" },
            { name: "tx", label: t("tx"), color: "orange.6" },
          ]}
          yAxisProps={{ width: 80 }}
          valueFormatter={(v) => t("rate", { value: formatBytes(v) })}
        />
      </div>
    </Stack>
  );
}

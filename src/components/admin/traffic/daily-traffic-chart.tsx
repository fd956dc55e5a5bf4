"use client";
// Up and down bytes per UTC day as stacked areas: a subscription's, a user's or all nodes' together.
import { AreaChart } from "@mantine/charts";
import { Center, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { formatBytes } from "../../subscriptions/bytes";
import { dayLabel } from "./day-label";

export function DailyTrafficChart({ days, up, down, height = 220, testId }: { days: string[]; up: number[]; down: number[]; height?: number; testId: string }) {
  const t = useTranslations("adminSubscriptions");
  const total = up.reduce((a, b) => a + b, 0) + down.reduce((a, b) => a + b, 0);
  if (total === 0) {
    return (
      <Center h={height} data-testid={testId} data-state="empty">
        <Text size="sm" c="dimmed" ta="center">
          {t("chartEmpty")}
        </Text>
      </Center>
    );
  }
  const data = days.map((d, i) => ({ day: dayLabel(d), up: up[i] ?? 0, down: down[i] ?? 0 }));
  return (
    <div data-testid={testId} data-state="ready" data-points={data.length}>
      <AreaChart
        h={height}
        data={data}
        dataKey="day"
        type="stacked"
        series={[
          { name: "down", label: t("chartDown"), color: "blue.6" },
          { name: "up", label: t("chartUp"), color: "teal.6" },
        ]}
        curveType="monotone"
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        gridAxis="y"
        tickLine="none"
        yAxisProps={{ width: 72 }}
        xAxisProps={{ minTickGap: 24 }}
        valueFormatter={formatBytes}
      />
    </div>
  );
}

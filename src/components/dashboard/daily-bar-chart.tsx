"use client";
// One value per day as bars (revenue, sign-ups, traffic) on the admin dashboard. The unit picks the
// formatter here, in the browser, because a Server Component cannot hand a function to this one.
import { BarChart } from "@mantine/charts";
import { Card, Center, Text } from "@mantine/core";
import { useTranslations, useLocale } from "next-intl";
import { formatMoney } from "../store/money";
import { formatBytes } from "../subscriptions/bytes";

export type ChartUnit = { kind: "money"; currency: string } | { kind: "count" } | { kind: "bytes" };

const HEIGHT = 200;

export function DailyBarChart({ title, series, days, values, unit, color, testId }: { title: string; series: string; days: string[]; values: number[]; unit: ChartUnit; color: string; testId: string }) {
  const locale = useLocale();
  const t = useTranslations("adminOverview");
  const format = (v: number) => (unit.kind === "money" ? formatMoney(v, unit.currency, locale) : unit.kind === "bytes" ? formatBytes(v) : String(v));
  // Days are calendar days already (YYYY-MM-DD): month and day, the same in every viewer's zone.
  const data = days.map((d, i) => ({ day: d.slice(5), value: values[i] ?? 0 }));
  const empty = values.every((v) => v === 0);
  return (
    <Card withBorder padding="md" data-testid={testId} data-state={empty ? "empty" : "ready"}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {empty ? (
        <Center h={HEIGHT}>
          <Text size="sm" c="dimmed">
            {t("chartEmpty")}
          </Text>
        </Center>
      ) : (
        <BarChart
          h={HEIGHT}
          data={data}
          dataKey="day"
          series={[{ name: "value", label: series, color }]}
          gridAxis="y"
          tickLine="none"
          yAxisProps={{ width: unit.kind === "count" ? 40 : 80 }}
          xAxisProps={{ minTickGap: 24 }}
          valueFormatter={format}
        />
      )}
    </Card>
  );
}

"use client";
// Traffic used against the limit, with upload and download apart; shown on the detail page and on
// the browser view of a subscription link.
import { Badge, Group, Progress, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { formatBytes } from "./bytes";

export interface Usage {
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  trafficUpBytes: number;
  trafficDownBytes: number;
}

export function UsageSummary({ usage, exhausted, testId = "usage" }: { usage: Usage; exhausted: boolean; testId?: string }) {
  const t = useTranslations("subscriptionPage");
  const limited = usage.trafficLimitBytes > 0;
  const pct = limited ? Math.min(100, (usage.trafficUsedBytes / usage.trafficLimitBytes) * 100) : 0;
  const used = formatBytes(usage.trafficUsedBytes);
  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {t("usage")}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {exhausted ? (
            <Badge color="red" variant="light" tt="none" data-testid={`${testId}-exhausted`}>
              {t("trafficUsedUp")}
            </Badge>
          ) : null}
          <Text size="sm" data-testid={`${testId}-used`}>
            {limited ? t("usedOf", { used, limit: formatBytes(usage.trafficLimitBytes) }) : t("usedUnlimited", { used })}
          </Text>
        </Group>
      </Group>
      {limited ? <Progress value={pct} color={exhausted || pct >= 90 ? "red" : "blue"} size="md" aria-label={t("usage")} /> : null}
      <Group gap="md" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconArrowUp size={14} aria-hidden />
          <Text size="xs" c="dimmed" data-testid={`${testId}-up`}>
            {t("upload", { value: formatBytes(usage.trafficUpBytes) })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconArrowDown size={14} aria-hidden />
          <Text size="xs" c="dimmed" data-testid={`${testId}-down`}>
            {t("download", { value: formatBytes(usage.trafficDownBytes) })}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}

import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconServer } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DailyTrafficChart } from "@/components/admin/traffic/daily-traffic-chart";
import { NodeTrafficChart } from "@/components/admin/traffic/node-traffic-chart";
import { NodeTrafficTable } from "@/components/admin/traffic/node-traffic-table";
import { RangeSelector } from "@/components/admin/traffic/range-selector";
import { TopUsersTable } from "@/components/admin/traffic/top-users-table";
import { EmptyState } from "@/components/shell/empty-state";
import { formatBytes } from "@/components/subscriptions/bytes";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { getNodeTraffic, listTopTrafficUsers, TRAFFIC_RANGES } from "@/server/services/traffic";
import { Section, Stat } from "@/components/admin/detail-parts";

const TOP_USERS = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("traffic") };
}

export default async function TrafficPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("nodes.read");
  const sp = await searchParams;
  const range = TRAFFIC_RANGES.find((r) => r === oneParam(sp.range)) ?? "30d";
  const ctx = await requestCtx();
  const [byNode, top, t] = await Promise.all([getNodeTraffic(ctx, { range }), listTopTrafficUsers(ctx, { range, limit: TOP_USERS }), getTranslations("adminSubscriptions.traffic")]);
  const { series } = byNode;

  return (
    <Stack gap="lg" data-testid="traffic-page" data-range={range}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2}>{t("title")}</Title>
          <Text size="sm" c="dimmed">
            {t("subtitle")}
          </Text>
        </Stack>
        <RangeSelector value={range} />
      </Group>

      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <Stat label={t("totalUp")} value={formatBytes(series.upBytes)} testId="traffic-total-up" />
        <Stat label={t("totalDown")} value={formatBytes(series.downBytes)} testId="traffic-total-down" />
        <Stat label={t("total")} value={formatBytes(series.upBytes + series.downBytes)} testId="traffic-total" />
      </SimpleGrid>

      {byNode.nodes.length === 0 ? (
        <EmptyState icon={<IconServer size={24} />} title={t("noNodes")} hint={t("noNodesHint")} testId="traffic-no-nodes" />
      ) : (
        <>
          <Section title={t("allNodesTitle")}>
            <Card withBorder padding="sm">
              <DailyTrafficChart days={series.days} up={series.up} down={series.down} testId="traffic-daily-chart" />
            </Card>
          </Section>
          <Section title={t("byNodeTitle")} hint={t("byNodeHint")}>
            <Card withBorder padding="sm">
              <NodeTrafficChart days={byNode.days} nodes={byNode.nodes} />
            </Card>
            <NodeTrafficTable nodes={byNode.nodes} />
          </Section>
        </>
      )}

      <Section title={t("topUsersTitle")} hint={t("topUsersHint")}>
        <TopUsersTable rows={top.rows} />
      </Section>
    </Stack>
  );
}

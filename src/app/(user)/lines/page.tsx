import { Card, EmptyState, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinesNodeCard, type LinesNode } from "@/components/nodes/lines-node-card";
import { Recommendations } from "@/components/nodes/recommendations";
import { RouteGlossary } from "@/components/nodes/route-glossary";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getLatencyRecommendations, getLinesOverview } from "@/server/services/telemetry";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("lines") };
}

export default async function LinesPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [nodes, recommendations, t] = await Promise.all([getLinesOverview(ctx), getLatencyRecommendations(ctx), getTranslations("lines")]);
  const routes = Object.fromEntries(nodes.map((n) => [n.id, n.routes]));
  // Only an admin's overview has hidden nodes; they are marked so the admin can tell what users see.
  const hiddenIds = nodes.filter((n) => !n.visible).map((n) => n.id);
  // Nodes with measurements first, otherwise in the admin's order (the sort is stable).
  const measured = (n: LinesNode) => Number(Object.keys(n.latency).length > 0);
  const measuredFirst = [...nodes].sort((a, b) => measured(b) - measured(a));

  return (
    <Stack gap="lg" data-testid="lines-page">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {nodes.length === 0 ? (
        <Card withBorder padding="xl" data-testid="lines-empty">
          <EmptyState title={t("emptyTitle")} description={t("emptyText")} icon={<IconRoute size={28} />} />
        </Card>
      ) : (
        <>
          <Recommendations data={recommendations} routes={routes} hiddenIds={hiddenIds} />
          <Stack gap="sm">
            <Text fw={600} size="lg">
              {t("nodesTitle")}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              {measuredFirst.map((n) => (
                <LinesNodeCard key={n.id} node={n} />
              ))}
            </SimpleGrid>
          </Stack>
          <RouteGlossary />
        </>
      )}
    </Stack>
  );
}

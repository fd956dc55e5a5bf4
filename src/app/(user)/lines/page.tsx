import { Card, EmptyState, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinesNodeCard, type LinesNode } from "@/components/nodes/lines-node-card";
import type { Carrier } from "@/components/nodes/meta";
import { Recommendations } from "@/components/nodes/recommendations";
import { RouteGlossary } from "@/components/nodes/route-glossary";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { listNodes } from "@/server/services/nodes";
import { getLatencyRecommendations, getRouteTraces, type RouteLabel } from "@/server/services/telemetry";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("lines") };
}

export default async function LinesPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  // The telemetry verbs check that the caller may read; listNodes only names the nodes.
  const [all, recommendations, t] = await Promise.all([listNodes(getDb()), getLatencyRecommendations(ctx), getTranslations("lines")]);
  const traces = await Promise.all(all.map((n) => getRouteTraces(ctx, { nodeId: n.id })));
  const routes: Record<string, Partial<Record<Carrier, RouteLabel>>> = Object.fromEntries(
    traces.map((tr) => [tr.nodeId, Object.fromEntries(tr.traces.map((x) => [x.carrier, x.summary]))]),
  );
  // Users see names and measurements only: no panel address, status or token state.
  const nodes: LinesNode[] = all.map((n) => ({
    id: n.id,
    name: n.name,
    lastReportAt: n.lastAgentReportAt,
    latency: n.latency as LinesNode["latency"],
    routes: routes[n.id] ?? {},
  }));
  // Nodes with measurements first, otherwise in the admin's order (the sort is stable).
  const measured = (n: LinesNode) => Number(Object.keys(n.latency).length > 0);
  const measuredFirst = [...nodes].sort((a, b) => measured(b) - measured(a));

  return (
    <Stack gap="lg" data-testid="lines-page">
      <div>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      </div>
      {nodes.length === 0 ? (
        <Card withBorder padding="xl" data-testid="lines-empty">
          <EmptyState title={t("emptyTitle")} description={t("emptyText")} icon={<IconRoute size={28} />} />
        </Card>
      ) : (
        <>
          <Recommendations data={recommendations} routes={routes} />
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

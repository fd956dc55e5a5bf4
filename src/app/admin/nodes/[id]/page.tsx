import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { AnchorLink } from "@/components/links";
import { AgentTokenPanel } from "@/components/nodes/agent-token-panel";
import { DriftPanel } from "@/components/nodes/drift-panel";
import { InboundsTable } from "@/components/nodes/inbounds-table";
import { LatencyPanel } from "@/components/nodes/latency-panel";
import { CARRIERS, type Carrier } from "@/components/nodes/meta";
import { NodeActions } from "@/components/nodes/node-actions";
import { NodeEditCard } from "@/components/nodes/node-edit-card";
import { NodeHealthCard } from "@/components/nodes/node-health-card";
import { NodeInfoCard } from "@/components/nodes/node-info-card";
import { TraceCard } from "@/components/nodes/trace-table";
import { NodeIncidentsCard } from "@/components/node-alerts/node-incidents-card";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getNode, listNodeInbounds } from "@/server/services/nodes";
import { listNodeIncidents } from "@/server/services/node-alerts";
import { getAppInfo } from "@/server/services/settings";
import { getNodeDrift } from "@/server/services/subscription-lifecycle";
import { getLatencyHistory, getLatestLatency, getNodeHealthHistory, getRouteTraces, listNodeHealth } from "@/server/services/telemetry";

type Params = Promise<{ id: string }>;

/** The node, or Next's 404 page for an id that is not one. */
async function loadNode(ctx: Ctx, id: string) {
  try {
    return await getNode(ctx, id);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const t = await getTranslations("nodes.detail");
  try {
    return { title: t("metaTitle", { name: (await getNode(await requestCtx(), id)).name }) };
  } catch {
    return { title: (await getTranslations("adminNav"))("nodes") };
  }
}

export default async function NodePage({ params }: { params: Params }) {
  await requireAdminPage("nodes.read");
  const { id } = await params;
  const ctx = await requestCtx();
  const node = await loadNode(ctx, id);
  // Sync, delete, the agent token and the edit form are node writes: a read-only role sees the rest.
  const mayWrite = hasPermission(ctx, "nodes.write");
  const [inbounds, drift, latest, traces, histories, health, healthDay, healthWeek, app, t, incidents] = await Promise.all([
    listNodeInbounds(ctx, id),
    getNodeDrift(ctx, id),
    getLatestLatency(ctx, { nodeId: id }),
    getRouteTraces(ctx, { nodeId: id }),
    Promise.all(CARRIERS.map((carrier) => getLatencyHistory(ctx, { nodeId: id, carrier, range: "1d" }))),
    listNodeHealth(ctx, { nodeId: id }),
    getNodeHealthHistory(ctx, id, "1d"),
    getNodeHealthHistory(ctx, id, "7d"),
    getAppInfo(ctx.db),
    getTranslations("nodes.detail"),
    listNodeIncidents(ctx, id),
  ]);

  const byCarrier = <T extends { carrier: Carrier }>(list: T[]) => Object.fromEntries(list.map((x) => [x.carrier, x])) as Partial<Record<Carrier, T>>;
  const traceOf = byCarrier(traces.traces);
  const routes = Object.fromEntries(traces.traces.map((tr) => [tr.carrier, tr.summary]));
  const inboundRows = inbounds.map((i) => ({
    id: i.id,
    panelInboundId: i.panelInboundId,
    tag: i.tag,
    remark: i.remark,
    displayName: i.displayName,
    name: i.name,
    protocol: i.protocol,
    port: i.port,
    listen: i.listen,
    enabled: i.enabled,
    active: i.active,
    clientCount: i.clientCount,
    syncedAt: i.syncedAt,
  }));
  const activeCount = inboundRows.filter((i) => i.active).length;

  return (
    <Stack gap="lg" data-testid="node-detail" data-node-id={node.id}>
      <Stack gap={4}>
        <AnchorLink href="/admin/nodes" size="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} />
            {t("back")}
          </Group>
        </AnchorLink>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={2} data-testid="node-title" style={{ overflowWrap: "anywhere" }}>
            {node.name}
          </Title>
          {mayWrite ? <NodeActions node={{ id: node.id, name: node.name, visibility: node.visibility }} /> : null}
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <NodeInfoCard node={{ ...node, inboundCount: activeCount, inboundTotal: inboundRows.length }} />
        {mayWrite ? <AgentTokenPanel nodeId={node.id} nodeName={node.name} token={node.agentToken} lastReportAt={node.lastAgentReportAt} serviceUrl={app.site.url} /> : null}
      </SimpleGrid>

      {health[0] ? <NodeHealthCard summary={health[0]} histories={{ "1d": healthDay, "7d": healthWeek }} /> : null}

      <NodeIncidentsCard rows={incidents} />

      <Stack gap="sm">
        <SectionHeading title={t("inboundsTitle")} hint={t("inboundsHint")} />
        <InboundsTable rows={inboundRows} />
      </Stack>

      <DriftPanel nodeId={node.id} items={drift.items} checkedAt={drift.checkedAt} />

      <LatencyPanel
        nodeId={node.id}
        latest={byCarrier(latest.latencies)}
        routes={routes}
        initial={byCarrier(histories)}
      />

      <Stack gap="sm">
        <SectionHeading title={t("tracesTitle")} hint={t("tracesHint")} />
        {CARRIERS.map((c) => (
          <TraceCard key={c} carrier={c} trace={traceOf[c]} />
        ))}
      </Stack>

      {mayWrite ? <NodeEditCard node={{ id: node.id, name: node.name, panelUrl: node.panelUrl, panelUsername: node.panelUsername, hasApiToken: node.hasApiToken, panelTlsInsecure: node.panelTlsInsecure, publicHost: node.publicHost }} /> : null}
    </Stack>
  );
}

function SectionHeading({ title, hint }: { title: string; hint: string }) {
  return (
    <div>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

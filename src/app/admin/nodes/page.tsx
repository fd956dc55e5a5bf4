import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NodesTable } from "@/components/nodes/nodes-table";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listNodes } from "@/server/services/nodes";
import { listNodeHealth, type NodeHealthSummary } from "@/server/services/telemetry";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("nodes") };
}

/** What the list shows of a node's agent; a node added since the health read has not reported yet. */
const agentOf = (h: NodeHealthSummary | undefined) => ({
  state: h?.state ?? ("none" as const),
  agentVersion: h?.agentVersion ?? null,
  lastReportAt: h?.lastReportAt ?? null,
  staleMinutes: h?.staleMinutes ?? 0,
});

export default async function NodesPage() {
  await requireAdminPage("nodes.read");
  const ctx = await requestCtx();
  const [nodes, health, t] = await Promise.all([listNodes(ctx), listNodeHealth(ctx), getTranslations("nodes")]);
  const healthOf = new Map(health.map((h) => [h.nodeId, h]));
  // Only what the table shows crosses to the browser (never secrets; publicNode has none anyway).
  const rows = nodes.map((n) => ({
    id: n.id,
    name: n.name,
    panelUrl: n.panelUrl,
    visibility: n.visibility,
    panelStatus: n.panelStatus,
    panelError: n.panelError,
    panelErrorReason: n.panelErrorReason,
    panelErrorParams: n.panelErrorParams,
    panelCheckedAt: n.panelCheckedAt,
    agentToken: n.agentToken,
    lastAgentReportAt: n.lastAgentReportAt,
    inboundCount: n.inboundCount,
    inboundTotal: n.inboundTotal,
    latency: n.latency,
    agent: agentOf(healthOf.get(n.id)),
    usage: healthOf.get(n.id)?.latest ?? null,
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <NodesTable rows={rows} />
    </Stack>
  );
}

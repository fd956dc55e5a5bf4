import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NodesTable } from "@/components/nodes/nodes-table";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listNodes } from "@/server/services/nodes";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("nodes") };
}

export default async function NodesPage() {
  await requireAdminPage();
  const [nodes, t] = await Promise.all([listNodes(await requestCtx()), getTranslations("nodes")]);
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
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <NodesTable rows={rows} />
    </Stack>
  );
}

"use client";
import { Anchor, Badge, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PanelStatusBadge, type PanelStatus } from "./panel-status-badge";
import { RelativeTime } from "./relative-time";

export interface NodeInfo {
  id: string;
  name: string;
  panelUrl: string;
  panelUsername: string;
  hasApiToken: boolean;
  panelStatus: PanelStatus;
  panelError: string | null;
  panelCheckedAt: Date | null;
  lastSyncAt: Date | null;
  createdAt: Date;
  inboundCount: number;
  inboundTotal: number;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

export function NodeInfoCard({ node }: { node: NodeInfo }) {
  const t = useTranslations("nodes.detail");
  const f = useFormatter();
  return (
    <Card withBorder padding="lg" h="100%" data-testid="node-info">
      <Stack gap="sm">
        <Text fw={600}>{t("infoTitle")}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t("panelUrl")}>
            <Anchor href={node.panelUrl} target="_blank" rel="noreferrer noopener" size="sm" data-testid="node-info-url">
              {node.panelUrl}
            </Anchor>
          </Field>
          <Field label={t("username")}>{node.panelUsername}</Field>
          <Field label={t("panelStatus")}>
            <PanelStatusBadge status={node.panelStatus} error={node.panelError} checkedAt={node.panelCheckedAt} />
          </Field>
          <Field label={t("apiMode")}>
            <Badge variant="light" color={node.hasApiToken ? "indigo" : "gray"}>
              {node.hasApiToken ? t("apiModeToken") : t("apiModeCookie")}
            </Badge>
          </Field>
          <Field label={t("lastSync")}>
            <RelativeTime date={node.lastSyncAt} testId="node-last-sync" />
          </Field>
          <Field label={t("inbounds")}>{t("inboundCounts", { active: node.inboundCount, total: node.inboundTotal })}</Field>
          <Field label={t("createdAt")}>{f.dateTime(new Date(node.createdAt), { dateStyle: "medium", timeStyle: "short" })}</Field>
        </SimpleGrid>
        {node.panelStatus === "ERROR" && node.panelError ? (
          <Text size="sm" c="red" data-testid="node-panel-error" style={{ overflowWrap: "anywhere" }}>
            {node.panelError}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

"use client";
import { Anchor, Badge, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { PanelStatusBadge, usePanelErrorText, type PanelErrorFields, type PanelStatus } from "./panel-status-badge";
import { RelativeTime } from "./relative-time";
import { VisibilitySwitch, type NodeVisibility } from "./visibility-switch";
import { LabeledField } from "../labeled-field";

export interface NodeInfo extends PanelErrorFields {
  id: string;
  name: string;
  panelUrl: string;
  panelUsername: string;
  hasApiToken: boolean;
  visibility: NodeVisibility;
  panelStatus: PanelStatus;
  panelCheckedAt: Date | null;
  lastSyncAt: Date | null;
  createdAt: Date;
  inboundCount: number;
  inboundTotal: number;
}

export function NodeInfoCard({ node }: { node: NodeInfo }) {
  const t = useTranslations("nodes.detail");
  const tv = useTranslations("nodes.visibility");
  const panelError = usePanelErrorText()(node);
  const f = useFormatter();
  return (
    <Card withBorder padding="lg" h="100%" data-testid="node-info">
      <Stack gap="sm">
        <Text fw={600}>{t("infoTitle")}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <LabeledField label={t("panelUrl")}>
            <Anchor href={node.panelUrl} target="_blank" rel="noreferrer noopener" size="sm" data-testid="node-info-url">
              {node.panelUrl}
            </Anchor>
          </LabeledField>
          <LabeledField label={t("username")}>{node.panelUsername}</LabeledField>
          <LabeledField label={t("panelStatus")}>
            <PanelStatusBadge status={node.panelStatus} error={panelError} checkedAt={node.panelCheckedAt} />
          </LabeledField>
          <LabeledField label={t("apiMode")}>
            <Badge variant="light" color={node.hasApiToken ? "indigo" : "gray"}>
              {node.hasApiToken ? t("apiModeToken") : t("apiModeCookie")}
            </Badge>
          </LabeledField>
          <LabeledField label={t("lastSync")}>
            <RelativeTime date={node.lastSyncAt} testId="node-last-sync" />
          </LabeledField>
          <LabeledField label={t("inbounds")}>{t("inboundCounts", { active: node.inboundCount, total: node.inboundTotal })}</LabeledField>
          <LabeledField label={t("createdAt")}>{f.dateTime(new Date(node.createdAt), { dateStyle: "medium", timeStyle: "short" })}</LabeledField>
        </SimpleGrid>
        <LabeledField label={tv("title")}>
          <VisibilitySwitch node={node} hint />
        </LabeledField>
        {node.panelStatus === "ERROR" && panelError ? (
          <Text size="sm" c="red" data-testid="node-panel-error" style={{ overflowWrap: "anywhere" }}>
            {panelError}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

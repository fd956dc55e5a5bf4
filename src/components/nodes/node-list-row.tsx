"use client";
// What the admin node list shows per node, shared by the table row and the phone card.
import { Text, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { HealthSample } from "@/server/services/telemetry";
import type { AgentStatus } from "./agent-state-badge";
import type { PanelErrorFields, PanelStatus } from "./panel-status-badge";
import type { NodeVisibility } from "./visibility-switch";

export interface NodeListRow extends PanelErrorFields {
  id: string;
  name: string;
  panelUrl: string;
  visibility: NodeVisibility;
  panelStatus: PanelStatus;
  panelCheckedAt: Date | null;
  agentToken: { active: boolean; createdAt: Date | null };
  lastAgentReportAt: Date | null;
  inboundCount: number;
  inboundTotal: number;
  latency: Partial<Record<string, { latencyMs: number; at: Date }>>;
  /** The agent's version and whether it still reports; its newest health sample. */
  agent?: AgentStatus;
  usage?: HealthSample | null;
}

export const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Active inbounds, and the mirrored total when some are gone from the panel. */
export function InboundCount({ node: n }: { node: NodeListRow }) {
  const t = useTranslations("nodes");
  return (
    <Tooltip label={t("inboundsTooltip", { active: n.inboundCount, total: n.inboundTotal })}>
      <Text size="sm" span data-testid="node-inbound-count">
        {n.inboundCount}
        {n.inboundTotal > n.inboundCount ? (
          <Text span size="xs" c="dimmed">
            {" "}
            / {n.inboundTotal}
          </Text>
        ) : null}
      </Text>
    </Tooltip>
  );
}

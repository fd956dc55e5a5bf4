"use client";
// Whether a node's agent is reporting: its version, and a badge when it went stale or never reported.
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import type { AgentState } from "@/server/services/telemetry";

export interface AgentStatus {
  state: AgentState;
  agentVersion: string | null;
  lastReportAt: string | null;
  staleMinutes: number;
}

const COLORS: Record<AgentState, string> = { none: "gray", stale: "orange", ok: "teal" };

export function AgentStateBadge({ status, withVersion = true }: { status: AgentStatus; withVersion?: boolean }) {
  const t = useTranslations("nodes.agent");
  const f = useFormatter();
  const when = status.lastReportAt ? f.dateTime(new Date(status.lastReportAt), { dateStyle: "medium", timeStyle: "short" }) : "";
  const hint = status.state === "none" ? t("noneHint") : status.state === "stale" ? t("staleHint", { minutes: status.staleMinutes, when }) : t("okHint", { when });
  return (
    <Group gap={6} wrap="nowrap" data-testid="agent-state" data-state={status.state} data-version={status.agentVersion ?? ""}>
      {withVersion && status.state !== "none" ? (
        <Text size="sm" ff="monospace" c={status.agentVersion ? undefined : "dimmed"} data-testid="agent-version">
          {status.agentVersion ?? t("unknownVersion")}
        </Text>
      ) : null}
      <Tooltip label={hint} multiline maw={280}>
        <Badge color={COLORS[status.state]} variant={status.state === "none" ? "outline" : "light"}>
          {t(status.state)}
        </Badge>
      </Tooltip>
    </Group>
  );
}

"use client";
// One node of the admin list as a card, for phones: the same test ids and controls as the table row
// (name, visibility switch, panel status, latency per carrier, inbounds, token, last report, agent
// state and current CPU/memory/disk, actions).
import { Anchor, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { AgentStateBadge } from "./agent-state-badge";
import { LatencyBadge } from "./latency-badge";
import { CARRIERS } from "./meta";
import { hostOf, InboundCount, type NodeListRow } from "./node-list-row";
import { NodeUsage } from "./node-usage";
import { PanelStatusBadge, usePanelErrorText } from "./panel-status-badge";
import { RelativeTime } from "./relative-time";
import { useRowName } from "../a11y/row-name";
import { TestOneButton } from "./test-one-button";
import { TokenStateBadge } from "./token-state-badge";
import { VisibilitySwitch } from "./visibility-switch";

export function NodeRowCard({ node: n, selected, onSelect }: { node: NodeListRow; selected: boolean; onSelect: (on: boolean) => void }) {
  const t = useTranslations("nodes");
  const tc = useTranslations("lines.carriers");
  const rowName = useRowName();
  const panelErrorText = usePanelErrorText();
  return (
    <Card withBorder padding="sm" data-testid="node-row" data-node-id={n.id} data-name={n.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <Checkbox mt={2} aria-label={t("select", { name: n.name })} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} data-testid="node-select" />
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} href={`/admin/nodes/${n.id}`} fw={600} size="sm" style={{ overflowWrap: "anywhere" }} data-testid="node-link">
                {n.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {hostOf(n.panelUrl)}
              </Text>
            </div>
          </Group>
          <PanelStatusBadge status={n.panelStatus} error={panelErrorText(n)} checkedAt={n.panelCheckedAt} />
        </Group>
        <VisibilitySwitch node={n} />
        <Group gap="sm">
          {CARRIERS.map((c) => (
            <Group key={c} gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {tc(c)}
              </Text>
              <LatencyBadge size="sm" ms={n.latency[c]?.latencyMs} at={n.latency[c]?.at} testId={`node-latency-${c}`} />
            </Group>
          ))}
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("col.inbounds")}
            </Text>
            <InboundCount node={n} />
          </Stack>
          <Stack gap={2} align="flex-start">
            <Text size="xs" c="dimmed">
              {t("col.agentToken")}
            </Text>
            <TokenStateBadge active={n.agentToken.active} createdAt={n.agentToken.createdAt} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("col.lastReport")}
            </Text>
            <RelativeTime date={n.agent?.lastReportAt ?? n.lastAgentReportAt} testId="node-last-report" />
          </Stack>
        </SimpleGrid>
        {n.agent ? (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <AgentStateBadge status={n.agent} />
            <NodeUsage sample={n.usage ?? null} stale={n.agent.state === "stale"} />
          </Group>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <TestOneButton node={n} />
          <Button component={Link} href={`/admin/nodes/${n.id}`} variant="default" size="compact-sm" aria-label={rowName(t("details"), n.name)}>
            {t("details")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

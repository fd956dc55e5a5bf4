"use client";
// One node on the user's Lines page: latest latency and line label per carrier; the history chart
// opens on demand so the page does not load charts nobody looks at.
import { Badge, Button, Card, Collapse, Group, SegmentedControl, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconChartLine, IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RouteLabel } from "@/server/services/telemetry";
import { LatencyBadge } from "./latency-badge";
import { LatencyChart } from "./latency-chart";
import { CARRIERS, RANGES, type Carrier, type HistoryRange } from "./meta";
import { RelativeTime } from "./relative-time";
import { RouteBadge } from "./route-badge";

export interface LinesNode {
  id: string;
  name: string;
  lastReportAt: Date | null;
  /** false only in an admin's view, for a node users do not see. */
  visible: boolean;
  latency: Partial<Record<Carrier, { latencyMs: number; at: Date }>>;
  routes: Partial<Record<Carrier, RouteLabel>>;
}

/** Marks, for an admin, a node that users do not see (on the Lines page and in recommendations). */
export function HiddenNodeBadge() {
  const t = useTranslations("lines");
  return (
    <Tooltip label={t("hiddenHint")} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <Badge variant="outline" color="gray" size="sm" tabIndex={0} style={{ flexShrink: 0 }} data-testid="lines-node-hidden">
        {t("hiddenBadge")}
      </Badge>
    </Tooltip>
  );
}

export function LinesNodeCard({ node }: { node: LinesNode }) {
  const t = useTranslations("lines");
  const [open, setOpen] = useState(false);
  const measured = CARRIERS.filter((c) => node.latency[c]);
  const [carrier, setCarrier] = useState<Carrier>(measured[0] ?? "telecom");
  const [range, setRange] = useState<HistoryRange>("1d");
  const hasData = measured.length > 0 || Object.keys(node.routes).length > 0;

  return (
    <Card withBorder padding="md" data-testid={`lines-node-${node.name}`} data-node-id={node.id}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="lg" style={{ overflowWrap: "anywhere" }}>
            {node.name}
          </Text>
          {node.visible ? null : <HiddenNodeBadge />}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t("lastReport")}
          </Text>
          <RelativeTime date={node.lastReportAt} size="xs" />
        </Group>
      </Group>
      {!hasData ? (
        <Text size="sm" c="dimmed" data-testid="lines-node-empty">
          {t("nodeNoData")}
        </Text>
      ) : (
        <Table verticalSpacing={6} withRowBorders={false}>
          <Table.Tbody>
            {CARRIERS.map((c) => (
              <Table.Tr key={c} data-testid={`lines-carrier-${c}`}>
                <Table.Td pl={0} w="1%">
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {t(`carriers.${c}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LatencyBadge ms={node.latency[c]?.latencyMs} at={node.latency[c]?.at} testId={`lines-latency-${c}`} />
                </Table.Td>
                <Table.Td pr={0} ta="right">
                  {node.routes[c] ? <RouteBadge label={node.routes[c]} size="sm" testId={`lines-route-${c}`} /> : <Text size="xs" c="dimmed">{t("noRoute")}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {measured.length > 0 ? (
        <Stack gap="xs" mt="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChartLine size={16} />}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            onClick={() => setOpen((o) => !o)}
            w="fit-content"
            aria-expanded={open}
            data-testid="lines-history-toggle"
          >
            {open ? t("hideHistory") : t("showHistory")}
          </Button>
          <Collapse expanded={open}>
            {open ? (
              <Stack gap="xs">
                <Group gap="xs" wrap="wrap">
                  <SegmentedControl size="xs" value={carrier} onChange={(v) => setCarrier(v as Carrier)} data={CARRIERS.map((c) => ({ value: c, label: t(`carriers.${c}`) }))} data-testid="lines-history-carrier" />
                  <SegmentedControl size="xs" value={range} onChange={(v) => setRange(v as HistoryRange)} data={RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))} data-testid="lines-history-range" />
                </Group>
                <LatencyChart nodeId={node.id} carrier={carrier} range={range} height={160} compact testId="lines-history-chart" />
              </Stack>
            ) : null}
          </Collapse>
        </Stack>
      ) : null}
    </Card>
  );
}

"use client";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { RouteTraceView } from "@/server/services/telemetry";
import { latencyColor, type Carrier } from "./meta";
import { RelativeTime } from "./relative-time";
import { RouteBadge } from "./route-badge";

/** One carrier's last route trace: the line label, then the hops as the agent saw them. */
export function TraceCard({ carrier, trace }: { carrier: Carrier; trace: RouteTraceView | undefined }) {
  const t = useTranslations("nodes.traces");
  const tc = useTranslations("lines.carriers");
  return (
    <Card withBorder padding="md" data-testid={`trace-card-${carrier}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{tc(carrier)}</Text>
          {trace ? <RouteBadge label={trace.summary} testId={`trace-summary-${carrier}`} /> : null}
        </Group>
        {trace ? (
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t("hopCount", { count: trace.hopCount })} ·
            </Text>
            <RelativeTime date={trace.updatedAt} size="xs" c="dimmed" />
          </Group>
        ) : null}
      </Group>
      {!trace ? (
        <Text size="sm" c="dimmed" data-testid={`trace-empty-${carrier}`}>
          {t("none")}
        </Text>
      ) : trace.hops.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noHops")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped verticalSpacing={4} fz="xs" style={{ whiteSpace: "nowrap" }} data-testid={`trace-hops-${carrier}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>{t("hop")}</Table.Th>
                <Table.Th>{t("ip")}</Table.Th>
                <Table.Th>{t("geo")}</Table.Th>
                <Table.Th>{t("asn")}</Table.Th>
                <Table.Th>{t("owner")}</Table.Th>
                <Table.Th ta="right">{t("latency")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trace.hops.map((h, idx) => (
                <Table.Tr key={`${h.hop}-${idx}`} data-testid="trace-hop">
                  <Table.Td>{h.hop}</Table.Td>
                  <Table.Td ff="monospace">{h.ip || "*"}</Table.Td>
                  <Table.Td>{h.geo || "—"}</Table.Td>
                  <Table.Td ff="monospace">{h.asn || "—"}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <span>{h.owner || "—"}</span>
                      {h.isp && h.isp !== h.owner ? (
                        <Text span size="xs" c="dimmed">
                          {h.isp}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    {h.latency > 0 ? (
                      <Badge size="sm" tt="none" variant="light" color={latencyColor(h.latency)} style={{ fontVariantNumeric: "tabular-nums" }}>
                        {t("ms", { value: h.latency })}
                      </Badge>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

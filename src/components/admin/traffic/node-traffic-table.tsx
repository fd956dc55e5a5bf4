"use client";
// Per node: upload, download and total in the window, with each node's share of the total.
import { Card, Group, Progress, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { NodeTraffic } from "@/server/services/traffic";
import { formatBytes } from "../../subscriptions/bytes";
import { usePhoneLayout } from "../../shell/use-phone-layout";

export function NodeTrafficTable({ nodes }: { nodes: NodeTraffic[] }) {
  const t = useTranslations("adminSubscriptions.traffic");
  const phone = usePhoneLayout();
  const all = nodes.reduce((a, n) => a + n.totalBytes, 0);
  const share = (n: NodeTraffic) => (all > 0 ? (n.totalBytes / all) * 100 : 0);
  if (phone) {
    return (
      <Stack gap="xs" data-testid="node-traffic-table">
        {nodes.map((n) => (
          <Card key={n.nodeId} withBorder padding="sm" data-testid="node-traffic-row" data-node={n.name} data-total={n.totalBytes}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {n.name}
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {formatBytes(n.totalBytes)}
              </Text>
            </Group>
            <Progress value={share(n)} size="sm" mt={6} aria-label={t("total")} />
            <Text size="xs" c="dimmed" mt={4}>
              ↑ {formatBytes(n.upBytes)} · ↓ {formatBytes(n.downBytes)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="node-traffic-table">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("node")}</Table.Th>
              <Table.Th ta="right">{t("totalUp")}</Table.Th>
              <Table.Th ta="right">{t("totalDown")}</Table.Th>
              <Table.Th ta="right">{t("total")}</Table.Th>
              <Table.Th w={160} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.map((n) => (
              <Table.Tr key={n.nodeId} data-testid="node-traffic-row" data-node={n.name} data-total={n.totalBytes}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {n.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatBytes(n.upBytes)}</Table.Td>
                <Table.Td ta="right">{formatBytes(n.downBytes)}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatBytes(n.totalBytes)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Progress value={share(n)} size="sm" aria-label={`${n.name}: ${Math.round(share(n))}%`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

// The admin dashboard's lists: orders by status, node health and the newest risk events. Each row
// links to the filtered list or the record it counts.
import { Badge, Card, Group, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import { ORDER_STATUSES } from "@/server/db/schema";
import type { AdminDashboard, NodeHealthState } from "@/server/services/dashboard";
import { AnchorLink } from "../links";

const NODE_STATES: NodeHealthState[] = ["online", "stale", "noAgent", "failing"];
const NODE_COLORS: Record<NodeHealthState, string> = { online: "teal", stale: "orange", noAgent: "gray", failing: "red" };

function PanelHeader({ title, href, linkLabel }: { title: string; href: string; linkLabel: string }) {
  return (
    <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
      <Text fw={600}>{title}</Text>
      <AnchorLink href={href} size="sm">
        {linkLabel}
      </AnchorLink>
    </Group>
  );
}

export async function OrdersByStatusPanel({ orders }: { orders: NonNullable<AdminDashboard["orders"]> }) {
  const [t, to, f] = await Promise.all([getTranslations("adminOverview"), getTranslations("adminOrders"), getFormatter()]);
  return (
    <Card withBorder padding="lg" data-testid="orders-by-status">
      <PanelHeader title={t("ordersTitle")} href="/admin/orders" linkLabel={t("allOrders")} />
      <Table verticalSpacing={4} fz="sm">
        <TableThead>
          <TableTr>
            <TableTh>{t("ordersStatus")}</TableTh>
            <TableTh ta="right">{t("ordersToday")}</TableTh>
            <TableTh ta="right">{t("orders7")}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {ORDER_STATUSES.map((s) => (
            <TableTr key={s} data-testid={`orders-${s}`}>
              <TableTd>
                <AnchorLink href={`/admin/orders?status=${s}`} size="sm">
                  {to(`orderStatus.${s}`)}
                </AnchorLink>
              </TableTd>
              <TableTd ta="right">{f.number(orders.today[s])}</TableTd>
              <TableTd ta="right">{f.number(orders.last7[s])}</TableTd>
            </TableTr>
          ))}
        </TableTbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t("ordersHint")}
      </Text>
    </Card>
  );
}

export async function NodeHealthPanel({ nodes }: { nodes: NonNullable<AdminDashboard["nodes"]> }) {
  const [t, f] = await Promise.all([getTranslations("adminOverview"), getFormatter()]);
  return (
    <Card withBorder padding="lg" data-testid="node-health">
      <PanelHeader title={t("nodesTitle")} href="/admin/nodes" linkLabel={t("allNodes")} />
      {nodes.total === 0 ? (
        <Text size="sm" c="dimmed">
          {t("nodesEmpty")}
        </Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            {NODE_STATES.map((s) => (
              <Group key={s} gap="xs" wrap="nowrap" data-testid={`nodes-${s}`}>
                <Badge color={NODE_COLORS[s]} variant="light" tt="none" miw={40}>
                  {f.number(nodes.counts[s])}
                </Badge>
                <Text size="sm">{t(`nodeStates.${s}`)}</Text>
              </Group>
            ))}
          </SimpleGrid>
          {nodes.attention.length ? (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t("nodesAttention")}
              </Text>
              {nodes.attention.map((n) => (
                <Group key={n.id} justify="space-between" wrap="nowrap" gap="xs">
                  <AnchorLink href={`/admin/nodes/${n.id}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {n.name}
                  </AnchorLink>
                  <Badge color={NODE_COLORS[n.state]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                    {t(`nodeStates.${n.state}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

export async function RiskEventsPanel({ events }: { events: NonNullable<AdminDashboard["riskEvents"]> }) {
  const [t, tr, f] = await Promise.all([getTranslations("adminOverview"), getTranslations("adminRisk"), getFormatter()]);
  return (
    <Card withBorder padding="lg" data-testid="recent-risk">
      <PanelHeader title={t("riskTitle")} href="/admin/risk" linkLabel={t("allRisk")} />
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("riskEmpty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {events.map((e) => (
            <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <AnchorLink href={`/admin/risk/${e.id}`} size="sm" fw={500}>
                  {tr(`reasons.${e.reason}`)}
                </AnchorLink>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {e.email} · {f.dateTime(e.createdAt, { dateStyle: "medium", timeStyle: "short" })}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge color={e.level === "SUSPEND" ? "red" : "yellow"} variant="light" tt="none">
                  {tr(`levels.${e.level}`)}
                </Badge>
                <Badge color="gray" variant="outline" tt="none">
                  {tr(`statuses.${e.reviewStatus}`)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

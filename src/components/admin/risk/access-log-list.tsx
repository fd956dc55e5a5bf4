"use client";
// The risk access log rows: a wide table on a desktop, one card per row on a phone. Subscription
// fetches show the client's User-Agent; node connections show the node, inbound, network and the
// agent's connection figures.
import { Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconListSearch } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { AnchorLink } from "../../links";
import { EmptyState } from "../../shell/empty-state";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { outcomeColor, outcomeKey, type AccessLogView } from "./access-log-codes";

const DASH = "—";

function OutcomeBadge({ row }: { row: AccessLogView }) {
  const t = useTranslations("adminRiskLogs");
  return (
    <Badge color={outcomeColor(row.outcome)} variant="light" style={{ flexShrink: 0 }} data-testid="access-outcome" data-outcome={row.outcome}>
      {t(`outcomes.${outcomeKey(row)}`)}
    </Badge>
  );
}

function SourceBadge({ row }: { row: AccessLogView }) {
  const t = useTranslations("adminRiskLogs");
  return (
    <Badge color={row.source === "NODE" ? "grape" : "blue"} variant="outline" style={{ flexShrink: 0 }} data-testid="access-source" data-source={row.source}>
      {t(`sources.${row.source}`)}
    </Badge>
  );
}

function UserCell({ row }: { row: AccessLogView }) {
  const t = useTranslations("adminRiskLogs");
  if (!row.userId || !row.email) return <Text size="sm" c="dimmed">{row.userId ? t("deletedUser") : DASH}</Text>;
  // The users list is the admin's page for one user (searched by the exact address).
  return (
    <AnchorLink href={`/admin/users?${new URLSearchParams({ q: row.email }).toString()}`} size="sm" data-testid="access-user">
      {row.email}
    </AnchorLink>
  );
}

function SubscriptionCell({ row }: { row: AccessLogView }) {
  const t = useTranslations("adminRiskLogs");
  if (!row.subscriptionId) return <Text size="xs" c="dimmed">{row.userId ? t("combinedLink") : DASH}</Text>;
  return (
    <Tooltip label={row.subscriptionId}>
      <span>
        <AnchorLink href={`/admin/subscriptions/${row.subscriptionId}`} size="sm" ff="monospace" data-testid="access-subscription">
          {row.subscriptionId.slice(0, 8)}
        </AnchorLink>
      </span>
    </Tooltip>
  );
}

function usePlace() {
  const t = useTranslations("adminRiskLogs");
  return (r: AccessLogView) => [r.country, r.region, r.city].filter(Boolean).join(" · ") || t("unknownPlace");
}

/** User-Agent (and the format served) of a fetch; node name of a connection. */
function ClientCell({ row, width = 260 }: { row: AccessLogView; width?: number }) {
  const t = useTranslations("adminRiskLogs");
  if (row.source === "NODE") return <Text size="sm">{row.nodeName ?? t("nodeRemoved")}</Text>;
  if (!row.userAgent) return <Text size="xs" c="dimmed">{row.format || DASH}</Text>;
  const text = row.format ? `${row.userAgent} · ${row.format}` : row.userAgent;
  return (
    <Tooltip label={text} multiline maw={380}>
      <Text size="xs" maw={width} truncate>
        {text}
      </Text>
    </Tooltip>
  );
}

const count = (n: number | null) => (n === null ? DASH : String(n));

export function AccessLogList({ rows, filtered }: { rows: AccessLogView[]; filtered: boolean }) {
  const t = useTranslations("adminRiskLogs");
  const f = useFormatter();
  const phone = usePhoneLayout();
  const place = usePlace();
  const when = (d: Date) => f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" });

  if (rows.length === 0) {
    return <EmptyState icon={<IconListSearch size={24} />} title={t("emptyTitle")} hint={filtered ? t("emptyFiltered") : t("emptyHint")} testId="access-log-empty" />;
  }
  if (phone) {
    return (
      <Stack gap="xs" data-testid="access-log-list">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="sm" data-testid="access-log-row" data-id={r.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs">{when(r.createdAt)}</Text>
              <Group gap={4} wrap="nowrap">
                <SourceBadge row={r} />
                <OutcomeBadge row={r} />
              </Group>
            </Group>
            <Group gap="xs" mt={4} wrap="wrap">
              <UserCell row={r} />
              <SubscriptionCell row={r} />
            </Group>
            <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
              {r.ip}
            </Text>
            <Text size="xs" c="dimmed">
              {place(r)}
            </Text>
            {r.source === "NODE" ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {[
                  r.nodeName ?? t("nodeRemoved"),
                  r.inboundTag || null,
                  r.network || null,
                  r.connectionCount === null ? null : t("connectionsShort", { count: r.connectionCount }),
                  r.uniqueTargetCount === null ? null : t("targetsShort", { count: r.uniqueTargetCount }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            ) : (
              <ClientCell row={r} width={300} />
            )}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="access-log-list">
      <Table.ScrollContainer minWidth={1280} type="native">
        <Table striped verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("columns.time")}</Table.Th>
              <Table.Th>{t("columns.user")}</Table.Th>
              <Table.Th>{t("columns.subscription")}</Table.Th>
              <Table.Th>{t("columns.source")}</Table.Th>
              <Table.Th>{t("columns.outcome")}</Table.Th>
              <Table.Th>{t("columns.ip")}</Table.Th>
              <Table.Th>{t("columns.place")}</Table.Th>
              <Table.Th>{t("columns.client")}</Table.Th>
              <Table.Th>{t("columns.inbound")}</Table.Th>
              <Table.Th>{t("columns.network")}</Table.Th>
              <Table.Th ta="right">{t("columns.connections")}</Table.Th>
              <Table.Th ta="right">{t("columns.targets")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="access-log-row" data-id={r.id}>
                <Table.Td>
                  <Text size="xs">{when(r.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <UserCell row={r} />
                </Table.Td>
                <Table.Td>
                  <SubscriptionCell row={r} />
                </Table.Td>
                <Table.Td>
                  <SourceBadge row={r} />
                </Table.Td>
                <Table.Td>
                  <OutcomeBadge row={r} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" data-testid="access-ip">
                    {r.ip}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" data-testid="access-place">
                    {place(r)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ClientCell row={r} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{r.inboundTag || DASH}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{r.network || DASH}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="xs">{count(r.connectionCount)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="xs">{count(r.uniqueTargetCount)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

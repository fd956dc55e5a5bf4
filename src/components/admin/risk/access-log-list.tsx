"use client";
// The risk access log rows on the list kit: a wide table on a desktop, one card per row on a phone. Subscription
// fetches show the client's User-Agent; node connections show the node, inbound, network and the
// agent's connection figures.
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconListSearch } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { PermittedLink } from "../permitted-link";
import { EmptyState } from "../../shell/empty-state";
import { ListView, Truncated, type Column } from "../list-kit";
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
    <PermittedLink permission="users.read" href={`/admin/users?${new URLSearchParams({ q: row.email }).toString()}`} size="sm" data-testid="access-user">
      {row.email}
    </PermittedLink>
  );
}

function SubscriptionCell({ row }: { row: AccessLogView }) {
  const t = useTranslations("adminRiskLogs");
  if (!row.subscriptionId) return <Text size="xs" c="dimmed">{row.userId ? t("combinedLink") : DASH}</Text>;
  return (
    <Tooltip label={row.subscriptionId}>
      <span>
        <PermittedLink permission="subscriptions.read" href={`/admin/subscriptions/${row.subscriptionId}`} size="sm" ff="monospace" data-testid="access-subscription">
          {row.subscriptionId.slice(0, 8)}
        </PermittedLink>
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
  return <Truncated text={text} size="xs" maw={width} />;
}

const count = (n: number | null) => (n === null ? DASH : String(n));

export function AccessLogList({ rows, filtered }: { rows: AccessLogView[]; filtered: boolean }) {
  const t = useTranslations("adminRiskLogs");
  const f = useFormatter();
  const place = usePlace();
  const when = (d: Date) => f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" });
  const xs = (text: string) => <Text size="xs">{text}</Text>;

  const columns: Column<AccessLogView>[] = [
    { key: "time", header: t("columns.time"), cell: (r) => xs(when(r.createdAt)) },
    { key: "user", header: t("columns.user"), cell: (r) => <UserCell row={r} /> },
    { key: "subscription", header: t("columns.subscription"), cell: (r) => <SubscriptionCell row={r} /> },
    { key: "source", header: t("columns.source"), cell: (r) => <SourceBadge row={r} /> },
    { key: "outcome", header: t("columns.outcome"), cell: (r) => <OutcomeBadge row={r} /> },
    {
      key: "ip",
      header: t("columns.ip"),
      cell: (r) => (
        <Text size="sm" ff="monospace" data-testid="access-ip">
          {r.ip}
        </Text>
      ),
    },
    {
      key: "place",
      header: t("columns.place"),
      cell: (r) => (
        <Text size="xs" data-testid="access-place">
          {place(r)}
        </Text>
      ),
    },
    { key: "client", header: t("columns.client"), cell: (r) => <ClientCell row={r} /> },
    { key: "inbound", header: t("columns.inbound"), cell: (r) => xs(r.inboundTag || DASH) },
    { key: "network", header: t("columns.network"), cell: (r) => xs(r.network || DASH) },
    { key: "connections", header: t("columns.connections"), align: "right", cell: (r) => xs(count(r.connectionCount)) },
    { key: "targets", header: t("columns.targets"), align: "right", cell: (r) => xs(count(r.uniqueTargetCount)) },
  ];

  const card = (r: AccessLogView) => (
    <>
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
    </>
  );

  return (
    <ListView
      rows={rows}
      rowKey={(r) => String(r.id)}
      columns={columns}
      card={card}
      rowAttrs={(r) => ({ "data-testid": "access-log-row", "data-id": r.id })}
      empty={<EmptyState icon={<IconListSearch size={24} />} title={t("emptyTitle")} hint={filtered ? t("emptyFiltered") : t("emptyHint")} testId="access-log-empty" />}
      testId="access-log"
      minWidth={1280}
      frameAttrs={{ "data-testid": "access-log-list" }}
    />
  );
}

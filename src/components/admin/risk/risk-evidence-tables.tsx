"use client";
// The evidence tables of an event page: places, addresses, node figures, devices, the scope's
// subscriptions and the owner's other events. Each is a table on wide screens and cards on phones.
import { Anchor, Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import type { SubscriptionStatus } from "@/server/db/schema/commerce";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useWhen } from "../orders/order-labels";
import { SubscriptionStatusBadge } from "../subscriptions/subscription-labels";
import { shortId, type RiskEventView } from "./risk-codes";
import { RiskLevelBadge, RiskMarks, RiskReviewBadge } from "./risk-labels";
import { PermittedLink } from "../permitted-link";

interface Column<T> { label: string; cell: (row: T) => ReactNode }

/** Rows as a table, or as labelled cards on a phone; an empty list says so in one line. */
function EvidenceTable<T>({ rows, columns, rowKey, testId, empty, minWidth = 640 }: { rows: T[]; columns: Column<T>[]; rowKey: (row: T) => string; testId: string; empty: string; minWidth?: number }) {
  const phone = usePhoneLayout();
  if (rows.length === 0) {
    return (
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed" ta="center" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      </Card>
    );
  }
  if (phone) {
    return (
      <Stack gap="xs" data-testid={testId}>
        {rows.map((r) => (
          <Card key={rowKey(r)} withBorder padding="sm" data-testid={`${testId}-row`}>
            <Stack gap={2}>
              {columns.map((c) => (
                <Group key={c.label} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                    {c.label}
                  </Text>
                  <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                    {c.cell(r)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid={testId}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={rowKey(r)} data-testid={`${testId}-row`}>
                {columns.map((c) => (
                  <Table.Td key={c.label}>
                    <Text size="sm" component="div">
                      {c.cell(r)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function usePlace() {
  const t = useTranslations("adminRisk.detail");
  return (p: { country: string; region: string; city: string }) => [p.country, p.region, p.city].filter(Boolean).join(" / ") || t("unknownPlace");
}

export interface PlaceView { country: string; region: string; city: string; count: number; firstSeenAt: Date; lastSeenAt: Date }
export function PlacesTable({ rows }: { rows: PlaceView[] }) {
  const t = useTranslations("adminRisk.detail");
  const when = useWhen();
  const place = usePlace();
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => `${r.country}/${r.region}/${r.city}`}
      testId="risk-places"
      empty={t("placesEmpty")}
      columns={[
        { label: t("place"), cell: (r) => <span data-testid="risk-place">{place(r)}</span> },
        { label: t("count"), cell: (r) => r.count },
        { label: t("firstSeen"), cell: (r) => when(r.firstSeenAt) },
        { label: t("lastSeen"), cell: (r) => when(r.lastSeenAt) },
      ]}
    />
  );
}

export interface IpView { ip: string; country: string; region: string; city: string; source: "API" | "NODE"; count: number; lastSeenAt: Date }
export function IpsTable({ rows }: { rows: IpView[] }) {
  const t = useTranslations("adminRisk.detail");
  const when = useWhen();
  const place = usePlace();
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => `${r.ip}|${r.source}|${r.country}/${r.region}/${r.city}`}
      testId="risk-ips"
      empty={t("ipsEmpty")}
      columns={[
        { label: t("ip"), cell: (r) => <Text size="sm" ff="monospace" component="span" data-testid="risk-ip">{r.ip}</Text> },
        { label: t("place"), cell: (r) => place(r) },
        { label: t("source"), cell: (r) => <Badge variant="light" color={r.source === "NODE" ? "orange" : "blue"}>{r.source === "NODE" ? t("sourceNode") : t("sourceApi")}</Badge> },
        { label: t("count"), cell: (r) => r.count },
        { label: t("lastSeen"), cell: (r) => when(r.lastSeenAt) },
      ]}
    />
  );
}

export interface NodeStatView { nodeId: string | null; nodeName: string | null; events: number; connections: number; maxUniqueTargets: number }
export function NodeStatsTable({ rows }: { rows: NodeStatView[] }) {
  const t = useTranslations("adminRisk.detail");
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => r.nodeId ?? "none"}
      testId="risk-nodes"
      empty={t("nodesEmpty")}
      columns={[
        { label: t("node"), cell: (r) => (r.nodeId ? <PermittedLink permission="nodes.read" href={`/admin/nodes/${r.nodeId}`} size="sm">{r.nodeName ?? shortId(r.nodeId)}</PermittedLink> : t("removedNode")) },
        { label: t("reports"), cell: (r) => r.events },
        { label: t("connections"), cell: (r) => r.connections },
        { label: t("maxTargets"), cell: (r) => r.maxUniqueTargets },
      ]}
    />
  );
}

export interface DeviceView { id: string; subscriptionId: string; deviceOs: string; osVersion: string; deviceModel: string; userAgent: string; lastIp: string; lastPlace: string; firstSeenAt: Date; lastSeenAt: Date }
export function DevicesTable({ rows }: { rows: DeviceView[] }) {
  const t = useTranslations("adminRisk.detail");
  const when = useWhen();
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => r.id}
      testId="risk-devices"
      empty={t("devicesEmpty")}
      columns={[
        { label: t("device"), cell: (r) => r.deviceModel || r.userAgent || t("unknownDevice") },
        { label: t("os"), cell: (r) => [r.deviceOs, r.osVersion].filter(Boolean).join(" ") || "—" },
        { label: t("lastIp"), cell: (r) => <Text size="sm" ff="monospace" component="span">{r.lastIp || "—"}</Text> },
        { label: t("place"), cell: (r) => r.lastPlace.split("/").join(" / ") || t("unknownPlace") },
        { label: t("firstSeen"), cell: (r) => when(r.firstSeenAt) },
        { label: t("lastSeen"), cell: (r) => when(r.lastSeenAt) },
      ]}
      minWidth={760}
    />
  );
}

export interface ScopeSubscriptionView { id: string; planName: string; status: SubscriptionStatus; riskRestricted: boolean; riskSuspendedAt: Date | null; expiresAt: Date }
export function ScopeSubscriptionsTable({ rows }: { rows: ScopeSubscriptionView[] }) {
  const t = useTranslations("adminRisk.detail");
  const when = useWhen();
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => r.id}
      testId="risk-subscriptions"
      empty={t("subscriptionsEmpty")}
      columns={[
        { label: t("plan"), cell: (r) => <PermittedLink permission="subscriptions.read" href={`/admin/subscriptions/${r.id}`} size="sm">{r.planName}</PermittedLink> },
        {
          label: t("subscriptionStatus"),
          cell: (r) => (
            <Group gap={4} wrap="nowrap">
              <SubscriptionStatusBadge status={r.status} />
              {r.riskSuspendedAt ? <Badge variant="outline" color="orange">{t("riskSuspended")}</Badge> : null}
              {r.riskRestricted ? <Badge variant="outline" color="red">{t("contentRestricted")}</Badge> : null}
            </Group>
          ),
        },
        { label: t("expiresAt"), cell: (r) => when(r.expiresAt) },
      ]}
    />
  );
}

export function OtherEventsTable({ rows }: { rows: RiskEventView[] }) {
  const t = useTranslations("adminRisk");
  const when = useWhen();
  return (
    <EvidenceTable
      rows={rows}
      rowKey={(r) => r.id}
      testId="risk-other-events"
      empty={t("detail.otherEventsEmpty")}
      columns={[
        { label: t("reason"), cell: (r) => <Anchor component={Link} href={`/admin/risk/${r.id}`} size="sm">{t(`reasons.${r.reason}`)}</Anchor> },
        { label: t("scope"), cell: (r) => (r.subscriptionId ? (r.planName ?? shortId(r.subscriptionId)) : t("scopeAll")) },
        {
          label: t("status"),
          cell: (r) => (
            <Group gap={4} wrap="nowrap">
              <RiskLevelBadge level={r.level} />
              <RiskReviewBadge status={r.reviewStatus} />
              <RiskMarks restrictionActive={r.restrictionActive} finalAction={r.finalAction} />
            </Group>
          ),
        },
        { label: t("createdAt"), cell: (r) => when(r.createdAt) },
      ]}
      minWidth={760}
    />
  );
}

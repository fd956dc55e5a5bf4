"use client";
// The subscription's access history: when, from where, with which client, what format was served
// or why it was refused, and whether it was a link fetch or a node connection (on the list kit).
import { Badge, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { AccessOutcome, AccessSource } from "@/server/db/schema/delivery";
import { ListView, Truncated, type Column } from "../list-kit";
import { useWhen } from "../orders/order-labels";

export interface AccessRow {
  id: number;
  createdAt: Date;
  ip: string;
  userAgent: string;
  format: string;
  outcome: AccessOutcome;
  source: AccessSource;
  nodeName: string | null;
}

function Outcome({ outcome }: { outcome: AccessOutcome }) {
  const t = useTranslations("adminSubscriptions.detail");
  return (
    <Badge color={outcome === "OK" ? "teal" : outcome === "rate_limited" ? "yellow" : "red"} variant="light" data-testid="access-outcome" data-outcome={outcome}>
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}

export function AccessLogTable({ rows }: { rows: AccessRow[] }) {
  const t = useTranslations("adminSubscriptions.detail");
  const when = useWhen();
  const source = (r: AccessRow) => (r.source === "NODE" && r.nodeName ? `${t("sources.NODE")} · ${r.nodeName}` : t(`sources.${r.source}`));
  const columns: Column<AccessRow>[] = [
    { key: "time", header: t("time"), cell: (r) => <Text size="xs">{when(r.createdAt)}</Text> },
    { key: "ip", header: t("ip"), cell: (r) => <Text size="sm" ff="monospace">{r.ip}</Text> },
    { key: "userAgent", header: t("userAgent"), cell: (r) => (r.userAgent ? <Truncated text={r.userAgent} size="xs" /> : <Text size="xs" c="dimmed">—</Text>) },
    { key: "format", header: t("format"), cell: (r) => <Text size="xs">{r.format || "—"}</Text> },
    { key: "outcome", header: t("outcome"), cell: (r) => <Outcome outcome={r.outcome} /> },
    { key: "source", header: t("source"), cell: (r) => <Text size="xs">{source(r)}</Text> },
  ];
  const card = (r: AccessRow) => (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs">{when(r.createdAt)}</Text>
        <Outcome outcome={r.outcome} />
      </Group>
      <Text size="sm" ff="monospace" mt={4} style={{ overflowWrap: "anywhere" }}>
        {r.ip}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {[source(r), r.format || null, r.userAgent || null].filter(Boolean).join(" · ")}
      </Text>
    </>
  );
  return (
    <ListView
      rows={rows}
      rowKey={(r) => String(r.id)}
      columns={columns}
      card={card}
      rowAttrs={() => ({ "data-testid": "access-row" })}
      empty={t("accessEmpty")}
      testId="access"
      minWidth={820}
      frameAttrs={{ "data-testid": "access-table" }}
    />
  );
}

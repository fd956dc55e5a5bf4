"use client";
// The subscription's clients on the panels: where, on or off, whether the panel has caught up with
// what it was told, and the last failure when it has not (on the list kit).
import { Badge, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { NodeClientState } from "@/server/db/schema/commerce";
import { ListView, Truncated, type Column } from "../list-kit";
import { useWhen } from "../orders/order-labels";

export interface ClientRow {
  id: string;
  email: string;
  protocol: string;
  nodeName: string;
  inboundName: string;
  enable: boolean;
  panelState: NodeClientState;
  lastError: string | null;
  syncedAt: Date | null;
}

const STATE_COLORS: Record<NodeClientState, string> = { PENDING: "yellow", SYNCED: "teal", ERROR: "red" };

function StateBadge({ c }: { c: ClientRow }) {
  const t = useTranslations("adminSubscriptions.detail");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATE_COLORS[c.panelState]} variant="light" data-testid="client-panel-state" data-state={c.panelState}>
        {t(`panelState.${c.panelState}`)}
      </Badge>
      <Badge color={c.enable ? "teal" : "gray"} variant="outline" data-testid="client-enable" data-enable={c.enable}>
        {c.enable ? t("enabled") : t("disabled")}
      </Badge>
    </Group>
  );
}

export function NodeClientsTable({ rows }: { rows: ClientRow[] }) {
  const t = useTranslations("adminSubscriptions.detail");
  const when = useWhen();
  const error = (c: ClientRow) =>
    c.lastError ? (
      <Text size="xs" c="red" style={{ overflowWrap: "anywhere", whiteSpace: "normal" }} data-testid="client-last-error">
        {t("lastError")}: {c.lastError}
      </Text>
    ) : null;
  const synced = (c: ClientRow) => (c.syncedAt ? when(c.syncedAt) : t("never"));
  const columns: Column<ClientRow>[] = [
    { key: "node", header: t("node"), cell: (c) => c.nodeName },
    {
      key: "inbound",
      header: t("inbound"),
      cell: (c) => (
        <>
          <Text size="sm">{c.inboundName}</Text>
          <Text size="xs" c="dimmed">
            {c.protocol}
          </Text>
        </>
      ),
    },
    { key: "email", header: t("clientEmail"), cell: (c) => <Truncated text={c.email} size="xs" ff="monospace" maw={220} /> },
    {
      key: "state",
      header: t("stateColumn"),
      style: () => ({ whiteSpace: "normal", minWidth: 200 }),
      cell: (c) => (
        <>
          <StateBadge c={c} />
          {error(c)}
        </>
      ),
    },
    { key: "syncedAt", header: t("syncedAt"), cell: (c) => <Text size="xs">{synced(c)}</Text> },
  ];
  const card = (c: ClientRow) => (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {c.nodeName} · {c.inboundName}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {c.protocol} · {c.email}
      </Text>
      <Group mt={6}>
        <StateBadge c={c} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t("syncedAt")}: {synced(c)}
      </Text>
      {error(c)}
    </>
  );
  return (
    <ListView
      rows={rows}
      rowKey={(c) => c.id}
      columns={columns}
      card={card}
      rowAttrs={() => ({ "data-testid": "client-row" })}
      empty={t("clientsEmpty")}
      testId="clients"
      minWidth={760}
      frameAttrs={{ "data-testid": "clients-table" }}
    />
  );
}

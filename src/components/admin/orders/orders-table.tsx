"use client";
// The admin order list on the list kit: a table on wide screens, cards on phones. Rows can be
// selected for batch operations (order-batch.tsx); each row has its own actions (confirm, cancel,
// review, refund) and opens the detail drawer.
import { Anchor, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CardActions, CardFact, ListView, SelectAll, SelectRow, Truncated, useSelection, type Column } from "../list-kit";
import type { OrderRow } from "./order-codes";
import { OrderBatch } from "./order-batch";
import { OrderDetailDrawer } from "./order-detail-drawer";
import { OrderDialogs, type OrderDialog } from "./order-dialogs";
import { OrderStatusBadge, ReviewBadge, useMoney, useWhen } from "./order-labels";
import { OrderRowActions } from "./order-row-actions";
import { useCan } from "../staff-permissions";

const flagged = (o: OrderRow) => o.reviewStatus === "FLAGGED";

export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const when = useWhen();
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const [detail, setDetail] = useState<{ id: string; orderNo: string } | null>(null);
  const selection = useSelection(rows.map((r) => r.id));
  // Selecting rows serves only the batch operations: a role without orders.write has neither.
  const batch = useCan()("orders.write");

  const open = (o: OrderRow) => setDetail({ id: o.id, orderNo: o.orderNo });
  const actions = (o: OrderRow) => <OrderRowActions order={o} onOpen={setDialog} onDetail={() => open(o)} />;
  const select = (o: OrderRow) => <SelectRow selection={selection} id={o.id} label={t("selectRow", { orderNo: o.orderNo })} testId="order-select" />;
  const badges = (o: OrderRow) => (
    <Group gap={4} wrap="nowrap">
      <OrderStatusBadge status={o.status} />
      <ReviewBadge review={o.reviewStatus} />
    </Group>
  );
  const provider = (o: OrderRow) => (o.provider ? t(`providers.${o.provider}`) : t("none"));

  const selectColumn: Column<OrderRow> = {
    key: "select",
    header: <SelectAll selection={selection} label={t("selectAll")} testId="order-select-all" />,
    width: 40,
    cell: select,
    style: (o) => (flagged(o) ? { boxShadow: "inset 4px 0 0 var(--mantine-color-red-filled)" } : undefined),
  };
  const columns: Column<OrderRow>[] = [
    ...(batch ? [selectColumn] : []),
    {
      key: "orderNo",
      header: t("orderNo"),
      cell: (o) => (
        <Group gap={6} wrap="nowrap">
          {flagged(o) ? (
            <Tooltip label={t("flaggedMark")}>
              <IconFlag size={14} color="var(--mantine-color-red-filled)" aria-label={t("flaggedMark")} />
            </Tooltip>
          ) : null}
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => open(o)}>
            {o.orderNo}
          </Anchor>
        </Group>
      ),
    },
    { key: "user", header: t("user"), cell: (o) => <Truncated text={o.email} /> },
    { key: "status", header: t("status"), cell: badges },
    { key: "total", header: t("totalAmount"), align: "right", cell: (o) => <Text size="sm" fw={500}>{money(o.totalMinor, o.currency)}</Text> },
    { key: "provider", header: t("provider"), cell: (o) => <Text size="sm">{provider(o)}</Text> },
    { key: "kind", header: t("kind"), cell: (o) => <Text size="sm">{t(`kinds.${o.kind}`)}</Text> },
    { key: "createdAt", header: t("createdAt"), cell: (o) => <Text size="xs">{when(o.createdAt)}</Text> },
    { key: "actions", header: t("actions"), align: "right", sticky: true, cell: actions },
  ];

  const card = (o: OrderRow) => (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {batch ? select(o) : null}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => open(o)} style={{ overflowWrap: "anywhere", textAlign: "left" }}>
              {o.orderNo}
            </Anchor>
            <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
              {money(o.totalMinor, o.currency)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {o.email}
          </Text>
          <Group gap={6} mt={4}>
            {badges(o)}
          </Group>
          <CardFact label={t("kind")} value={t(`kinds.${o.kind}`)} mt={4} testId="order-kind" />
          <CardFact label={t("provider")} value={provider(o)} />
          <CardFact label={t("createdAt")} value={when(o.createdAt)} />
        </Stack>
      </Group>
      <CardActions>
        {actions(o)}
      </CardActions>
    </>
  );

  return (
    <Stack gap="sm">
      {batch ? <OrderBatch rows={rows} selection={selection} /> : null}
      <ListView
        rows={rows}
        rowKey={(o) => o.id}
        columns={columns}
        card={card}
        rowAttrs={(o) => ({ "data-testid": "order-row", "data-order-no": o.orderNo, "data-flagged": flagged(o) })}
        cardStyle={(o) => (flagged(o) ? { borderColor: "var(--mantine-color-red-filled)", borderLeftWidth: 4 } : undefined)}
        empty={t("empty")}
        testId="orders"
        minWidth={980}
        cardsHeader={batch ? <SelectAll selection={selection} label={t("selectAll")} testId="order-select-all" withLabel /> : undefined}
      />
      <OrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}

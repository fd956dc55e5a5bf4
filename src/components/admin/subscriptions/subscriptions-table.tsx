"use client";
// The admin subscription list on the list kit: a table on wide screens, cards on phones. Rows can
// be selected for batch operations (subscription-batch.tsx); each row opens the detail page.
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { CardFact, FilteredEmpty, ListView, SelectAll, SelectRow, Truncated, useSelection, type Column } from "../list-kit";
import { useWhen } from "../orders/order-labels";
import { shortId, type SubscriptionRow } from "./subscription-codes";
import { SubscriptionBatch, useBatchOps } from "./subscription-batch";
import { SubscriptionMarks, SubscriptionStatusBadge, UsageBar } from "./subscription-labels";

const href = (s: SubscriptionRow) => `/admin/subscriptions/${s.id}`;

export function SubscriptionsTable({ rows, filtered }: { rows: SubscriptionRow[]; filtered: boolean }) {
  const t = useTranslations("adminSubscriptions");
  const when = useWhen();
  const selection = useSelection(rows.map((r) => r.id));
  const ops = useBatchOps();
  const batch = ops.length > 0;

  const target = (s: SubscriptionRow) => s.nodeName ?? s.streamingName ?? t("none");
  const select = (s: SubscriptionRow) => <SelectRow selection={selection} id={s.id} label={t("selectRow", { id: shortId(s.id) })} testId="subscription-select" />;
  const badges = (s: SubscriptionRow) => (
    <Group gap={4} wrap="nowrap">
      <SubscriptionStatusBadge status={s.status} />
      <SubscriptionMarks trial={s.trial} restricted={s.riskRestricted} />
    </Group>
  );

  // Two rows of one plan lead to two subscriptions: the links name the row's short id (shown under the plan).
  const openName = (s: SubscriptionRow) => t("openFor", { plan: s.planName, id: shortId(s.id) });
  const columns: Column<SubscriptionRow>[] = [
    ...(batch ? [{ key: "select", header: <SelectAll selection={selection} label={t("selectAll")} testId="subscription-select-all" />, width: 40, cell: select }] : []),
    {
      key: "plan",
      header: t("plan"),
      cell: (s) => (
        <Stack gap={0}>
          <Anchor component={Link} href={href(s)} size="sm" fw={500} aria-label={openName(s)} data-testid="subscription-open">
            {s.planName}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {shortId(s.id)} · {t(`kinds.${s.kind}`)}
          </Text>
        </Stack>
      ),
    },
    { key: "owner", header: t("owner"), cell: (s) => <Truncated text={s.email} /> },
    { key: "status", header: t("status"), cell: badges },
    { key: "target", header: t("target"), cell: (s) => <Truncated text={target(s)} maw={180} /> },
    { key: "usage", header: t("usage"), cell: (s) => (s.kind === "PROXY" ? <UsageBar used={s.trafficUsedBytes} limit={s.trafficLimitBytes} compact /> : <Text size="sm">{t("none")}</Text>) },
    { key: "expiresAt", header: t("expiresAt"), cell: (s) => <Text size="xs">{when(s.expiresAt)}</Text> },
    {
      key: "actions",
      header: t("actions"),
      align: "right",
      sticky: true,
      cell: (s) => (
        <Button component={Link} href={href(s)} variant="default" size="compact-xs" aria-label={t("detailsFor", { id: shortId(s.id) })} data-testid="subscription-details">
          {t("details")}
        </Button>
      ),
    },
  ];

  const card = (s: SubscriptionRow) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {batch ? select(s) : null}
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Anchor component={Link} href={href(s)} size="sm" fw={600} style={{ overflowWrap: "anywhere" }} aria-label={openName(s)} data-testid="subscription-open">
          {s.planName}
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {s.email}
        </Text>
        <Group gap={6}>{badges(s)}</Group>
        <CardFact label={t("target")} value={target(s)} />
        <CardFact label={t("expiresAt")} value={when(s.expiresAt)} />
        {s.kind === "PROXY" ? <UsageBar used={s.trafficUsedBytes} limit={s.trafficLimitBytes} compact /> : null}
      </Stack>
    </Group>
  );

  const empty = (
    <FilteredEmpty
      filtered={filtered}
      icon={<IconKey size={24} />}
      texts={{ empty: t("empty"), emptyHint: t("emptyHint"), none: t("emptyNone"), noneHint: t("emptyNoneHint"), clear: t("clearFilters") }}
      clearHref="/admin/subscriptions"
      testId="subscriptions-empty"
    />
  );

  return (
    <Stack gap="sm">
      {batch ? <SubscriptionBatch rows={rows} selection={selection} ops={ops} /> : null}
      <ListView
        rows={rows}
        rowKey={(s) => s.id}
        columns={columns}
        card={card}
        rowAttrs={(s) => ({ "data-testid": "subscription-row", "data-id": s.id, "data-status": s.status })}
        empty={empty}
        testId="subscriptions"
        minWidth={1000}
        cardsHeader={batch ? <SelectAll selection={selection} label={t("selectAll")} testId="subscription-select-all" withLabel /> : undefined}
      />
    </Stack>
  );
}

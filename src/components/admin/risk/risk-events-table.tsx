"use client";
// The admin risk event list on the list kit: a table on wide screens, cards on phones. Each row
// opens the event page, where the review and the decisions are made.
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { CardFact, FilteredEmpty, ListView, Truncated, type Column } from "../list-kit";
import { useWhen } from "../orders/order-labels";
import { shortId, type RiskEventView } from "./risk-codes";
import { RiskLevelBadge, RiskMarks, RiskReviewBadge } from "./risk-labels";

const href = (e: RiskEventView) => `/admin/risk/${e.id}`;

export function RiskEventsTable({ rows, filtered }: { rows: RiskEventView[]; filtered: boolean }) {
  const t = useTranslations("adminRisk");
  const when = useWhen();
  const scope = (e: RiskEventView) => (e.subscriptionId ? (e.planName ?? shortId(e.subscriptionId)) : t("scopeAll"));
  const review = (e: RiskEventView) => (
    <>
      <RiskReviewBadge status={e.reviewStatus} />
      <RiskMarks restrictionActive={e.restrictionActive} finalAction={e.finalAction} />
    </>
  );

  const columns: Column<RiskEventView>[] = [
    {
      key: "reason",
      header: t("reason"),
      cell: (e) => (
        <Stack gap={0}>
          <Anchor component={Link} href={href(e)} size="sm" fw={500} data-testid="risk-open">
            {t(`reasons.${e.reason}`)}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {shortId(e.id)} · {e.day}
          </Text>
        </Stack>
      ),
    },
    { key: "user", header: t("user"), cell: (e) => <Truncated text={e.email} /> },
    { key: "scope", header: t("scope"), cell: (e) => <Truncated text={scope(e)} maw={200} /> },
    { key: "level", header: t("level"), cell: (e) => <RiskLevelBadge level={e.level} /> },
    { key: "status", header: t("status"), cell: (e) => <Group gap={4} wrap="nowrap">{review(e)}</Group> },
    { key: "createdAt", header: t("createdAt"), cell: (e) => <Text size="xs">{when(e.createdAt)}</Text> },
    {
      key: "actions",
      header: t("actions"),
      align: "right",
      sticky: true,
      cell: (e) => (
        <Button component={Link} href={href(e)} variant="default" size="compact-xs" data-testid="risk-details">
          {t("details")}
        </Button>
      ),
    },
  ];

  const card = (e: RiskEventView) => (
    <Stack gap={4}>
      <Anchor component={Link} href={href(e)} size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid="risk-open">
        {t(`reasons.${e.reason}`)}
      </Anchor>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {e.email}
      </Text>
      <Group gap={6}>
        <RiskLevelBadge level={e.level} />
        {review(e)}
      </Group>
      <CardFact label={t("scope")} value={scope(e)} />
      <CardFact label={t("createdAt")} value={when(e.createdAt)} />
    </Stack>
  );

  const empty = (
    <FilteredEmpty
      filtered={filtered}
      icon={<IconShieldCheck size={24} />}
      texts={{ empty: t("empty"), emptyHint: t("emptyHint"), none: t("emptyNone"), noneHint: t("emptyNoneHint"), clear: t("clearFilters") }}
      clearHref="/admin/risk"
      testId="risk-empty"
    />
  );

  return <ListView rows={rows} rowKey={(e) => e.id} columns={columns} card={card} rowAttrs={(e) => ({ "data-testid": "risk-row", "data-id": e.id })} empty={empty} testId="risk" minWidth={980} />;
}

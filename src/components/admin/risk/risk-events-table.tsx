"use client";
// The admin risk event list: a table on wide screens, cards on phones (usePhoneLayout). Each row
// opens the event page, where the review and the decisions are made.
import { Anchor, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconSearchOff, IconShieldCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { EmptyState } from "../../shell/empty-state";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useWhen } from "../orders/order-labels";
import { shortId, type RiskEventView } from "./risk-codes";
import { RiskLevelBadge, RiskMarks, RiskReviewBadge } from "./risk-labels";

export function RiskEventsTable({ rows, filtered }: { rows: RiskEventView[]; filtered: boolean }) {
  const t = useTranslations("adminRisk");
  const when = useWhen();
  const phone = usePhoneLayout();
  const href = (e: RiskEventView) => `/admin/risk/${e.id}`;
  const scope = (e: RiskEventView) => (e.subscriptionId ? (e.planName ?? shortId(e.subscriptionId)) : t("scopeAll"));

  if (rows.length === 0) {
    return (
      <EmptyState
        icon={filtered ? <IconSearchOff size={24} /> : <IconShieldCheck size={24} />}
        title={filtered ? t("empty") : t("emptyNone")}
        hint={filtered ? t("emptyHint") : t("emptyNoneHint")}
        testId="risk-empty"
      >
        {filtered ? (
          <Anchor component={Link} href="/admin/risk" size="sm">
            {t("clearFilters")}
          </Anchor>
        ) : null}
      </EmptyState>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="risk-cards">
        {rows.map((e) => (
          <Card key={e.id} withBorder padding="sm" data-testid="risk-row" data-id={e.id}>
            <Stack gap={4}>
              <Anchor component={Link} href={href(e)} size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid="risk-open">
                {t(`reasons.${e.reason}`)}
              </Anchor>
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {e.email}
              </Text>
              <Group gap={6}>
                <RiskLevelBadge level={e.level} />
                <RiskReviewBadge status={e.reviewStatus} />
                <RiskMarks restrictionActive={e.restrictionActive} finalAction={e.finalAction} />
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t("labeled", { label: t("scope"), value: scope(e) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t("labeled", { label: t("createdAt"), value: when(e.createdAt) })}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder padding={0} data-testid="risk-table">
      <Table.ScrollContainer minWidth={980} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("reason")}</Table.Th>
              <Table.Th>{t("user")}</Table.Th>
              <Table.Th>{t("scope")}</Table.Th>
              <Table.Th>{t("level")}</Table.Th>
              <Table.Th>{t("status")}</Table.Th>
              <Table.Th>{t("createdAt")}</Table.Th>
              <Table.Th ta="right" style={stickyEndCell()}>
                {t("actions")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e, idx) => (
              <Table.Tr key={e.id} data-testid="risk-row" data-id={e.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} href={href(e)} size="sm" fw={500} data-testid="risk-open">
                      {t(`reasons.${e.reason}`)}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {shortId(e.id)} · {e.day}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{scope(e)}</Text>
                </Table.Td>
                <Table.Td>
                  <RiskLevelBadge level={e.level} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RiskReviewBadge status={e.reviewStatus} />
                    <RiskMarks restrictionActive={e.restrictionActive} finalAction={e.finalAction} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{when(e.createdAt)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={stickyEndCell(idx % 2 === 0)}>
                  <Button component={Link} href={href(e)} variant="default" size="compact-xs" data-testid="risk-details">
                    {t("details")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

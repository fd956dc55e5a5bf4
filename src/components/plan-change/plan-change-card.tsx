"use client";
// A plan change on its order's pages (the pay page's summary, the owner's order page, the admin's
// order drawer): the arithmetic that was accepted, where it stands, and, once settled, the money it
// gave back (a leftover credit, or the payment of a change that could no longer apply) and where.
import { Alert, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/components/store/money";
import type { PlanChangeView } from "@/server/services/plan-change/view";
import { figuresOfView } from "./figures";
import { PlanChangeRows } from "./plan-change-rows";

const COLOR = { PENDING: "yellow", CLOSED: "gray", APPLIED: "teal", NOT_APPLIED: "orange" } as const;
const WHY = new Set(["plan_change_no_longer_applies", "plan_change_currency_changed"]);

export function PlanChangeOutcomeText({ view }: { view: PlanChangeView }) {
  const t = useTranslations("planChange");
  const locale = useLocale();
  if (view.status !== "APPLIED" && view.status !== "NOT_APPLIED") return null;
  const given = view.creditedMinor > 0 && view.creditedTo ? t(`givenBack.${view.creditedTo}`, { amount: formatMoney(view.creditedMinor, view.currency, locale), code: view.couponCode ?? "" }) : null;
  const why = view.status === "NOT_APPLIED" && view.outcomeReason && WHY.has(view.outcomeReason) ? t(`notAppliedWhy.${view.outcomeReason as "plan_change_no_longer_applies"}`) : null;
  if (!given && !why) return null;
  return (
    <Alert color={view.status === "APPLIED" ? "teal" : "orange"} variant="light" data-testid="plan-change-outcome">
      <Stack gap={4}>
        {why ? <Text size="sm">{why}</Text> : null}
        {given ? (
          <Text size="sm" fw={600} data-testid="plan-change-given-back" style={{ overflowWrap: "anywhere" }}>
            {given}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function PlanChangeCard({ view, withBorder = true }: { view: PlanChangeView; withBorder?: boolean }) {
  const t = useTranslations("planChange");
  return (
    <Card withBorder={withBorder} padding={withBorder ? "md" : 0} data-testid="plan-change-card" data-status={view.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t("summaryTitle")}</Text>
          <Badge variant="light" color={COLOR[view.status]} tt="none" data-testid="plan-change-status">
            {t(`status.${view.status}`)}
          </Badge>
        </Group>
        <PlanChangeRows figures={figuresOfView(view)} />
        <PlanChangeOutcomeText view={view} />
      </Stack>
    </Card>
  );
}

"use client";
// The inviter's three histories as rows of cards (one layout for phones and desktops): the people
// they invited (masked addresses), each commission with its rate and state, and each payout with its
// outcome. States are worded from the label catalogue.
import { Card, Group, Stack, Text } from "@mantine/core";
import { IconCash, IconCoins, IconUsers } from "@tabler/icons-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LabelBadge } from "@/components/labels/label-badge";
import { useLabels } from "@/components/labels/use-labels";
import { EmptyState } from "@/components/shell/empty-state";
import { formatMoney } from "@/components/store/money";
import type { CommissionStatus, PayoutMethod, PayoutStatus } from "@/server/db/schema/referral";

const COMMISSION_COLOR: Record<CommissionStatus, string> = { HELD: "yellow", AVAILABLE: "teal", REVERSED: "gray" };
const PAYOUT_COLOR: Record<PayoutStatus, string> = { PENDING: "yellow", PAID: "teal", REJECTED: "red" };

function Row({ children, testId, aside }: { children: ReactNode; testId: string; aside: ReactNode }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {children}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          {aside}
        </Stack>
      </Group>
    </Card>
  );
}

function useWhen() {
  const format = useFormatter();
  return (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
}

export interface InviteeView {
  email: string;
  registeredAt: string;
  earnedMinor: number;
}

export function InviteeList({ rows, currency, footer }: { rows: InviteeView[]; currency: string; footer: ReactNode }) {
  const t = useTranslations("referral.invitees");
  const locale = useLocale();
  const when = useWhen();
  if (!rows.length) return <EmptyState icon={<IconUsers size={26} />} title={t("empty")} hint={t("emptyHint")} testId="referral-invitees-empty" />;
  return (
    <Stack gap="xs" data-testid="referral-invitees">
      {rows.map((r, i) => (
        <Row key={`${r.email}-${r.registeredAt}-${i}`} testId="referral-invitee" aside={<Text size="sm" fw={600}>{formatMoney(r.earnedMinor, currency, locale)}</Text>}>
          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }} data-testid="referral-invitee-email">
            {r.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t("registered", { when: when(r.registeredAt) })}
          </Text>
        </Row>
      ))}
      {footer}
    </Stack>
  );
}

export interface CommissionView {
  id: string;
  invitee: string | null;
  baseMinor: number;
  ratePercent: number;
  amountMinor: number;
  currency: string;
  status: CommissionStatus;
  availableAt: string;
  createdAt: string;
}

export function CommissionList({ rows, footer }: { rows: CommissionView[]; footer: ReactNode }) {
  const t = useTranslations("referral.commissions");
  const locale = useLocale();
  const when = useWhen();
  if (!rows.length) return <EmptyState icon={<IconCoins size={26} />} title={t("empty")} hint={t("emptyHint")} testId="referral-commissions-empty" />;
  return (
    <Stack gap="xs" data-testid="referral-commissions">
      {rows.map((r) => (
        <Row
          key={r.id}
          testId="referral-commission"
          aside={
            <>
              <Text size="sm" fw={700} data-testid="referral-commission-amount" data-minor={r.amountMinor}>
                {formatMoney(r.amountMinor, r.currency, locale)}
              </Text>
              <LabelBadge family="referralCommissionStatus" code={r.status} color={COMMISSION_COLOR[r.status]} testId="referral-commission-status" />
            </>
          }
        >
          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
            {r.invitee ? t("from", { invitee: r.invitee }) : t("deletedInvitee")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("line", { rate: r.ratePercent, base: formatMoney(r.baseMinor, r.currency, locale) })} · {when(r.createdAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {r.status === "REVERSED" ? t("reversedOn") : t("availableOn", { when: when(r.availableAt) })}
          </Text>
        </Row>
      ))}
      {footer}
    </Stack>
  );
}

export interface PayoutRowView {
  id: string;
  amountMinor: number;
  currency: string;
  method: PayoutMethod;
  status: PayoutStatus;
  reference: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export function PayoutList({ rows, footer }: { rows: PayoutRowView[]; footer: ReactNode }) {
  const t = useTranslations("referral.payouts");
  const locale = useLocale();
  const label = useLabels();
  const when = useWhen();
  if (!rows.length) return <EmptyState icon={<IconCash size={26} />} title={t("empty")} hint={t("emptyHint")} testId="referral-payouts-empty" />;
  return (
    <Stack gap="xs" data-testid="referral-payouts">
      {rows.map((r) => (
        <Row
          key={r.id}
          testId="referral-payout"
          aside={
            <>
              <Text size="sm" fw={700}>
                {formatMoney(r.amountMinor, r.currency, locale)}
              </Text>
              <LabelBadge family="referralPayoutStatus" code={r.status} color={PAYOUT_COLOR[r.status]} testId="referral-payout-status" />
            </>
          }
        >
          <Text size="sm" fw={500}>
            {label("referralPayoutMethod", r.method)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("requested", { when: when(r.createdAt) })}
            {r.decidedAt && r.method !== "BALANCE" ? ` · ${t("decided", { when: when(r.decidedAt) })}` : ""}
          </Text>
          {r.reference ? (
            <Text size="xs" style={{ overflowWrap: "anywhere" }} data-testid="referral-payout-reference">
              {t("reference", { reference: r.reference })}
            </Text>
          ) : null}
          {r.rejectReason ? (
            <Text size="xs" style={{ overflowWrap: "anywhere" }} data-testid="referral-payout-reason">
              {t("reason", { reason: r.rejectReason })}
            </Text>
          ) : null}
        </Row>
      ))}
      {footer}
    </Stack>
  );
}

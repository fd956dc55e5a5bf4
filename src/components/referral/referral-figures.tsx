"use client";
// The inviter's figures, largest first where it matters: what is available to take out, what is on
// hold, what was earned in all; what waits for an admin and what was paid out underneath.
import { Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/components/store/money";

export interface ReferralFiguresView {
  currency: string;
  earnedMinor: number;
  pendingMinor: number;
  availableMinor: number;
  requestedMinor: number;
  paidOutMinor: number;
}

function Figure({ label, hint, minor, currency, testId, strong = false }: { label: string; hint: string; minor: number; currency: string; testId: string; strong?: boolean }) {
  const locale = useLocale();
  return (
    <Card withBorder padding="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={strong ? 28 : 22} fw={700} lh={1.2} data-testid={testId} data-minor={minor} style={{ overflowWrap: "anywhere" }}>
          {formatMoney(minor, currency, locale)}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Card>
  );
}

function Fact({ label, minor, currency, testId }: { label: string; minor: number; currency: string; testId: string }) {
  const locale = useLocale();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} data-minor={minor}>
        {formatMoney(minor, currency, locale)}
      </Text>
    </Group>
  );
}

export function ReferralFigures({ f }: { f: ReferralFiguresView }) {
  const t = useTranslations("referral.figures");
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label={t("available")} hint={t("availableHint")} minor={f.availableMinor} currency={f.currency} testId="referral-available" strong />
        <Figure label={t("pending")} hint={t("pendingHint")} minor={f.pendingMinor} currency={f.currency} testId="referral-pending" />
        <Figure label={t("earned")} hint={t("earnedHint")} minor={f.earnedMinor} currency={f.currency} testId="referral-earned" />
      </SimpleGrid>
      <Group gap="lg" wrap="wrap">
        <Fact label={t("requested")} minor={f.requestedMinor} currency={f.currency} testId="referral-requested" />
        <Fact label={t("paidOut")} minor={f.paidOutMinor} currency={f.currency} testId="referral-paid-out" />
      </Group>
    </Stack>
  );
}

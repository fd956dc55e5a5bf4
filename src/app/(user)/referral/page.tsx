// /referral: the invite link and the terms, the figures, taking commission out (a payout an admin
// pays, or [wallet] a move to the balance), and the three histories, each paged on its own.
import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { oneParam, type SearchParams } from "@/app/search-params";
import { InviteLinkCard } from "@/components/referral/invite-link-card";
import { MoveToBalance } from "@/components/referral/move-to-balance";
import { PayoutForm } from "@/components/referral/payout-form";
import { ReferralFigures } from "@/components/referral/referral-figures";
import { CommissionList, InviteeList, PayoutList } from "@/components/referral/referral-lists";
import { PageHeading } from "@/components/shell/page-heading";
import { ParamPagination } from "@/components/wallet/param-pagination";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getMyReferral, listMyCommissions, listMyInvitees, listMyPayouts } from "@/server/services/referral";

const PAGE = 10;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("referral"))("title") };
}

const pageOf = (v: string | null) => Math.min(Math.max(1, Math.floor(Number(v)) || 1), 10_000);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default async function ReferralPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const sp = await searchParams;
  const pages = { invitees: pageOf(oneParam(sp.ipage)), commissions: pageOf(oneParam(sp.cpage)), payouts: pageOf(oneParam(sp.ppage)) };
  const ctx = await requestCtx();
  // The figures first: reading them matures commission whose holding period ended, so the history
  // below shows the same states.
  const me = await getMyReferral(ctx);
  const [invitees, commissions, payouts, t] = await Promise.all([
    listMyInvitees(ctx, { page: pages.invitees, pageSize: PAGE }),
    listMyCommissions(ctx, { page: pages.commissions, pageSize: PAGE }),
    listMyPayouts(ctx, { page: pages.payouts, pageSize: PAGE }),
    getTranslations("referral"),
  ]);
  const footer = (count: string, param: string, total: number, page: number, testId: string) => (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {count}
      </Text>
      <ParamPagination param={param} total={Math.max(1, Math.ceil(total / PAGE))} page={page} testId={`${testId}-pages`} />
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <InviteLinkCard
        link={me.link}
        code={me.inviteCode}
        terms={{ ratePercent: me.ratePercent, firstOrderOnly: me.firstOrderOnly, holdDays: me.holdDays, minPayoutMinor: me.minPayoutMinor, currency: me.currency }}
      />
      <ReferralFigures f={{ currency: me.currency, earnedMinor: me.earnedMinor, pendingMinor: me.pendingMinor, availableMinor: me.availableMinor, requestedMinor: me.requestedMinor, paidOutMinor: me.paidOutMinor }} />
      <SimpleGrid cols={{ base: 1, md: me.canMoveToBalance ? 2 : 1 }} spacing="md">
        <PayoutForm availableMinor={me.availableMinor} minPayoutMinor={me.minPayoutMinor} currency={me.currency} />
        {me.canMoveToBalance ? <MoveToBalance availableMinor={me.availableMinor} currency={me.currency} /> : null}
      </SimpleGrid>
      <Section title={t("payouts.title")} testId="referral-payouts-section">
        <PayoutList
          rows={payouts.rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), decidedAt: iso(p.decidedAt) }))}
          footer={footer(t("payouts.count", { count: payouts.total }), "ppage", payouts.total, pages.payouts, "referral-payouts-total")}
        />
      </Section>
      <Section title={t("commissions.title")} testId="referral-commissions-section">
        <CommissionList
          rows={commissions.rows.map((c) => ({ ...c, availableAt: c.availableAt.toISOString(), createdAt: c.createdAt.toISOString() }))}
          footer={footer(t("commissions.count", { count: commissions.total }), "cpage", commissions.total, pages.commissions, "referral-commissions-total")}
        />
      </Section>
      <Section title={t("invitees.title")} testId="referral-invitees-section">
        <InviteeList
          rows={invitees.rows.map((i) => ({ ...i, registeredAt: i.registeredAt.toISOString() }))}
          currency={me.currency}
          footer={footer(t("invitees.count", { count: invitees.total }), "ipage", invitees.total, pages.invitees, "referral-invitees-total")}
        />
      </Section>
    </Stack>
  );
}

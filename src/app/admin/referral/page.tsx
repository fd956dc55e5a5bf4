import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { PayoutsTable } from "@/components/admin/referral/payouts-table";
import { PayoutsToolbar } from "@/components/admin/referral/payouts-toolbar";
import { TopInviters } from "@/components/admin/referral/top-inviters";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { PAYOUT_METHODS, PAYOUT_STATUSES } from "@/server/db/schema/referral";
import { getSettingsWithSecrets } from "@/server/services/settings";
import { listReferralPayouts, listTopInviters } from "@/server/services/referral";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("referral.admin"))("title") };
}

/** Referral payouts: filter, search, mark paid or reject, each payout's details; the top inviters beside. */
export default async function AdminReferralPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("referral.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = PAYOUT_STATUSES.find((s) => s === oneParam(sp.status));
  const method = PAYOUT_METHODS.find((m) => m === oneParam(sp.method));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const ctx = await requestCtx();
  const [result, top, settings, t] = await Promise.all([listReferralPayouts(ctx, { q, status, method, page, pageSize: PAGE_SIZE }), listTopInviters(ctx, { limit: 5 }), getSettingsWithSecrets(ctx.db), getTranslations("referral.admin")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser (never the payout details: the detail dialog asks for them).
  const rows = result.rows.map((r) => ({
    id: r.id,
    email: r.email,
    amountMinor: r.amountMinor,
    currency: r.currency,
    method: r.method,
    status: r.status,
    reference: r.reference,
    rejectReason: r.rejectReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <PayoutsToolbar />
      <PayoutsTable rows={rows} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="payouts-total" />
      <TopInviters rows={top.map((r) => ({ email: r.email, invitees: r.invitees, earnedMinor: r.earnedMinor, paidOutMinor: r.paidOutMinor }))} currency={settings.currency} />
    </Stack>
  );
}

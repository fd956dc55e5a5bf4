import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { oneParam, type SearchParams } from "@/app/search-params";
import { RechargesTable } from "@/components/admin/wallet/recharges-table";
import { RechargesToolbar } from "@/components/admin/wallet/recharges-toolbar";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { RECHARGE_STATUSES } from "@/server/db/schema/wallet";
import { isWallet } from "@/server/env";
import { listAdminRecharges } from "@/server/services/wallet";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("walletRecharges") };
}

/** [wallet] Every user's recharge orders: filter, search, confirm, cancel, delete. */
export default async function AdminRechargesPage({ searchParams }: { searchParams: SearchParams }) {
  if (!isWallet()) notFound();
  await requireAdminPage("wallet.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = RECHARGE_STATUSES.find((s) => s === oneParam(sp.status));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([listAdminRecharges(await requestCtx(), { q, status, page, pageSize: PAGE_SIZE }), getTranslations("adminWallet.recharges")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser.
  const rows = result.rows.map((r) => ({
    id: r.id,
    rechargeNo: r.rechargeNo,
    email: r.email,
    amountMinor: r.amountMinor,
    currency: r.currency,
    status: r.status,
    cancelReason: r.cancelReason,
    creditedVia: r.creditedVia,
    provider: r.provider,
    tradeNo: r.tradeNo,
    createdAt: r.createdAt,
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <RechargesToolbar />
      <RechargesTable rows={rows} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="recharges-total" />
    </Stack>
  );
}

import { Group, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { oneParam, type SearchParams } from "@/app/search-params";
import { PageHeading } from "@/components/shell/page-heading";
import { BalanceSummary } from "@/components/wallet/balance-summary";
import { AutoRenewPanel } from "@/components/wallet/auto-renew-panel";
import { LedgerTable } from "@/components/wallet/ledger-table";
import { ParamPagination } from "@/components/wallet/param-pagination";
import { RechargeForm } from "@/components/wallet/recharge-form";
import { RechargeList } from "@/components/wallet/recharge-list";
import { RedeemCardForm } from "@/components/wallet/redeem-card-form";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { WALLET_TX_KINDS } from "@/server/db/schema/wallet";
import { isWallet } from "@/server/env";
import { autoRenewOverview, getMyWallet, listMyLedger, listMyRecharges } from "@/server/services/wallet";

const LEDGER_PAGE = 20;
const RECHARGE_PAGE = 5;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("wallet"))("title") };
}

const pageOf = (v: string | null) => Math.min(Math.max(1, Math.floor(Number(v)) || 1), 10_000);
const dayOf = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);

/** [wallet] The wallet: balance, recharge, redeem a card, auto-renew, my recharges, the balance history. One section each. */
export default async function WalletPage({ searchParams }: { searchParams: SearchParams }) {
  if (!isWallet()) notFound();
  await requireUserPage();
  const sp = await searchParams;
  const kind = WALLET_TX_KINDS.find((k) => k === oneParam(sp.kind)) ?? null;
  const filters = { kind, from: dayOf(oneParam(sp.from)), to: dayOf(oneParam(sp.to)) };
  const page = pageOf(oneParam(sp.page));
  const rpage = pageOf(oneParam(sp.rpage));
  const ctx = await requestCtx();
  const now = ctx.now();
  const [wallet, ledger, recharges, t, autoRenew] = await Promise.all([
    getMyWallet(ctx),
    listMyLedger(ctx, { kind: filters.kind ?? undefined, from: filters.from ?? undefined, to: filters.to ?? undefined, page, pageSize: LEDGER_PAGE }),
    listMyRecharges(ctx, { page: rpage, pageSize: RECHARGE_PAGE }),
    getTranslations("wallet"),
    autoRenewOverview(ctx),
  ]);
  const rechargeRows = recharges.rows.map((r) => ({
    id: r.id,
    rechargeNo: r.rechargeNo,
    amountMinor: r.amountMinor,
    currency: r.currency,
    status: r.status,
    cancelReason: r.cancelReason,
    provider: r.provider,
    createdAt: r.createdAt,
    payable: r.status === "PENDING" && new Date(r.expiresAt) > now,
  }));
  const ledgerRows = ledger.rows.map((r) => ({ id: r.id, kind: r.kind, amountMinor: r.amountMinor, balanceAfterMinor: r.balanceAfterMinor, createdAt: r.createdAt }));
  const footer = (count: string, testId: string, param: string, total: number, current: number, size: number) => (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {count}
      </Text>
      <ParamPagination param={param} total={Math.max(1, Math.ceil(total / size))} page={current} testId={`${testId}-pages`} />
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <BalanceSummary balanceMinor={wallet.balanceMinor} currency={wallet.currency} />
      <RechargeForm rules={wallet.rules} />
      <RedeemCardForm />
      <AutoRenewPanel subscriptions={autoRenew.subscriptions} daysBefore={autoRenew.daysBefore} />
      <RechargeList rows={rechargeRows} footer={recharges.total > 0 ? footer(t("recharges.count", { count: recharges.total }), "recharges-total", "rpage", recharges.total, rpage, RECHARGE_PAGE) : null} />
      <LedgerTable rows={ledgerRows} currency={wallet.currency} filters={filters} footer={ledger.total > 0 ? footer(t("ledger.count", { count: ledger.total }), "ledger-total", "page", ledger.total, page, LEDGER_PAGE) : null} />
    </Stack>
  );
}

// [wallet] /transfers: push a subscription to another account, answer the ones pushed to you, and
// follow your own pushes (behaviour §13). Not there in the base edition.
import { Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { PageHeading } from "@/components/shell/page-heading";
import { PushForm } from "@/components/transfers/push-form";
import { TransferList, type TransferRowView } from "@/components/transfers/transfer-list";
import { ParamPagination } from "@/components/wallet/param-pagination";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getAppInfo } from "@/server/services/settings";
import { getTransferOverview, listMySubscriptionTransfers, type MyTransferRow } from "@/server/services/wallet";

const PAGE_SIZE = 10;
const DAY_MS = 86_400_000;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("transfers"))("title") };
}

const pageOf = (v: string | null) => Math.min(Math.max(1, Math.floor(Number(v)) || 1), 10_000);

/** Only what the cards show goes to the browser. */
function view(r: MyTransferRow, now: number): TransferRowView {
  return {
    id: r.id,
    planName: r.planName,
    otherEmail: r.otherEmail,
    status: r.status,
    feeMinor: r.feeMinor,
    feeBearer: r.feeBearer,
    feeCharged: r.feeChargedAt !== null,
    feeRefunded: r.feeRefundedAt !== null,
    offer: r.subscription
      ? {
          remainingDays: Math.max(0, Math.floor((r.subscription.expiresAt.getTime() - now) / DAY_MS)),
          trafficLimitBytes: r.subscription.trafficLimitBytes,
          trafficUsedBytes: Math.min(r.subscription.trafficUsedBytes, r.subscription.trafficLimitBytes || r.subscription.trafficUsedBytes),
        }
      : null,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

export default async function TransfersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const ctx = await requestCtx();
  if ((await getAppInfo(ctx.db)).edition !== "wallet") notFound();
  const sp = await searchParams;
  const inPage = pageOf(oneParam(sp.in));
  const outPage = pageOf(oneParam(sp.out));
  const [overview, incoming, outgoing, t] = await Promise.all([
    getTransferOverview(ctx),
    listMySubscriptionTransfers(ctx, { direction: "incoming", page: inPage, pageSize: PAGE_SIZE }),
    listMySubscriptionTransfers(ctx, { direction: "outgoing", page: outPage, pageSize: PAGE_SIZE }),
    getTranslations("transfers"),
  ]);
  const now = ctx.now().getTime();
  const pages = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
  const choices = overview.subscriptions.map((s) => ({ id: s.id, planName: s.planName, expiresAt: s.expiresAt.toISOString(), feeMinor: s.feeMinor, feeBearer: s.feeBearer }));

  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <PushForm choices={choices} balanceMinor={overview.balanceMinor} currency={overview.currency} />
      <Stack gap="sm" data-testid="transfers-incoming-section">
        <Title order={3}>{t("tabs.incoming")}</Title>
        <TransferList direction="incoming" rows={incoming.rows.map((r) => view(r, now))} currency={overview.currency} />
        <ParamPagination param="in" total={pages(incoming.total)} page={inPage} testId="transfers-incoming-pages" />
      </Stack>
      <Stack gap="sm" data-testid="transfers-outgoing-section">
        <Title order={3}>{t("tabs.outgoing")}</Title>
        <TransferList direction="outgoing" rows={outgoing.rows.map((r) => view(r, now))} currency={overview.currency} />
        <ParamPagination param="out" total={pages(outgoing.total)} page={outPage} testId="transfers-outgoing-pages" />
      </Stack>
    </Stack>
  );
}

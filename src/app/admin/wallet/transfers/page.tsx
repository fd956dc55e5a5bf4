// [wallet] Admin, transfers: every subscription transfer, newest first, filtered by status and
// searched by either party's email, with the contract's delete. Not there in the base edition.
import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { ListFooter } from "@/components/shell/list-footer";
import { AdminTransfersTable, type AdminTransferView } from "@/components/transfers/admin-transfers-table";
import { AdminTransfersToolbar } from "@/components/transfers/admin-transfers-toolbar";
import { TRANSFER_STATUS_CODES } from "@/components/transfers/transfer-codes";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { getAppInfo, getSettingsWithSecrets } from "@/server/services/settings";
import { listAdminSubscriptionTransfers } from "@/server/services/wallet";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminTransfers"))("title") };
}

export default async function AdminTransfersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("wallet.read");
  const ctx = await requestCtx();
  if ((await getAppInfo(ctx.db)).edition !== "wallet") notFound();
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = TRANSFER_STATUS_CODES.find((s) => s === oneParam(sp.status));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, settings, t] = await Promise.all([
    listAdminSubscriptionTransfers(ctx, { q, status, page, pageSize: PAGE_SIZE }),
    getSettingsWithSecrets(ctx.db),
    getTranslations("adminTransfers"),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const rows: AdminTransferView[] = result.rows.map((r) => ({
    id: r.id,
    planName: r.planName,
    fromEmail: r.fromEmail,
    toEmail: r.toEmail,
    status: r.status,
    feeMinor: r.feeMinor,
    feeBearer: r.feeBearer,
    feeCharged: r.feeChargedAt !== null,
    feeRefunded: r.feeRefundedAt !== null,
    expiresAt: r.expiresAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      </Stack>
      <AdminTransfersToolbar />
      <AdminTransfersTable rows={rows} currency={settings.currency} filtered={!!(q || status)} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="admin-transfers-total" />
    </Stack>
  );
}

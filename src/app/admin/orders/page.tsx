import { Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ORDER_STATUS_CODES, PROVIDER_CODES, REVIEW_STATUS_CODES, type OrderRow } from "@/components/admin/orders/order-codes";
import { OrdersTable } from "@/components/admin/orders/orders-table";
import { OrdersToolbar } from "@/components/admin/orders/orders-toolbar";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listOrdersAdmin } from "@/server/services/orders";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("orders") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("orders.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(ORDER_STATUS_CODES, oneParam(sp.status));
  const review = pick(REVIEW_STATUS_CODES, oneParam(sp.review));
  const provider = pick(PROVIDER_CODES, oneParam(sp.provider));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([listOrdersAdmin(await requestCtx(), { q, status, review, provider, page, pageSize: PAGE_SIZE }), getTranslations("adminOrders")]);
  // A capped total ("more than") ends at least a page past this one (countCapFor): the next is offered.
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser.
  const rows: OrderRow[] = result.rows.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    email: o.email,
    kind: o.kind,
    status: o.status,
    reviewStatus: o.reviewStatus,
    reviewNote: o.reviewNote,
    currency: o.currency,
    totalMinor: o.totalMinor,
    provider: o.provider,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    expiresAt: o.expiresAt,
  }));

  return (
    <Stack gap="md">
      <Title order={2}>{t("title")}</Title>
      <OrdersToolbar />
      <OrdersTable rows={rows} />
      <ListFooter count={t(result.totalCapped ? "totalMore" : "total", { count: result.total })} pages={pages} page={page} testId="orders-total" />
    </Stack>
  );
}

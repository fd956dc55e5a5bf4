import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { OrdersList } from "@/components/store/orders-list";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { listMyOrderLines, listMyOrders } from "@/server/services/orders";
import { GiftsSent } from "@/components/gifts/gifts-sent";
import { giftRowData } from "@/components/gifts/gift-row-data";
import { listMyGifts, listMyOrderGifts } from "@/server/services/gifts";

const PAGE_SIZE = 10;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("orders") };
}

export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam((await searchParams).page))) || 1), 10_000);
  const ctx = await requestCtx();
  const [result, t] = await Promise.all([listMyOrders(ctx, { page, pageSize: PAGE_SIZE }), getTranslations("store.orders")]);
  const ids = result.rows.map((o) => o.id);
  const [lines, gifts, pageGifts] = await Promise.all([listMyOrderLines(ctx, ids), page === 1 ? listMyGifts(ctx) : [], listMyOrderGifts(ctx, ids)]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const rows = result.rows.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    status: o.status,
    kind: o.kind,
    totalMinor: o.totalMinor,
    currency: o.currency,
    items: lines.filter((l) => l.orderId === o.id).map((l) => l.planName),
    giftStatus: pageGifts.find((g) => g.orderId === o.id)?.status ?? null,
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {/* Issue 28: what became of the gifts this buyer sent (the newest first). */}
      <GiftsSent gifts={gifts.map(giftRowData)} />
      <OrdersList rows={rows} />
      {result.total > 0 ? (
        <ListFooter count={t("count", { count: result.total })} pages={pages} page={page} testId="orders-total" />
      ) : null}
    </Stack>
  );
}

import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CouponsManager } from "@/components/admin/catalog/coupons-manager";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { listCoupons, listPlansAdmin } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("coupons") };
}

export default async function CouponsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("coupons.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 100) || undefined;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 100_000);
  const ctx = await requestCtx();
  const [result, plans, currency, t, tc] = await Promise.all([
    listCoupons(ctx, { q, page, pageSize: PAGE_SIZE }),
    // The plans a coupon may be limited to: the catalogue's read (finance has it; a custom role may not).
    hasPermission(ctx, "catalog.read") ? listPlansAdmin(ctx, { pageSize: 200 }) : { rows: [] },
    storeCurrency(),
    getTranslations("catalog.coupons"),
    getTranslations("catalog.common"),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("description")}
        </Text>
      </Stack>
      <CouponsManager rows={result.rows} currency={currency} plans={plans.rows.map((p) => ({ id: p.id, name: p.name }))} />
      <ListFooter count={tc("total", { count: result.total })} pages={pages} page={page} testId="coupons-total" />
    </Stack>
  );
}

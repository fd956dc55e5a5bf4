import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlansTable } from "@/components/admin/catalog/plans-table";
import { PlansToolbar } from "@/components/admin/catalog/plans-toolbar";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { PLAN_KINDS, PLAN_VISIBILITIES } from "@/server/db/schema";
import { listPlansAdmin } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("plans") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function PlansPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("catalog.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 100) || undefined;
  const kind = pick(PLAN_KINDS, oneParam(sp.kind));
  const visibility = pick(PLAN_VISIBILITIES, oneParam(sp.visibility));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 100_000);
  const ctx = await requestCtx();
  const [result, currency, t, tc] = await Promise.all([
    listPlansAdmin(ctx, { q, kind, visibility, page, pageSize: PAGE_SIZE }),
    storeCurrency(),
    getTranslations("catalog.plans"),
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
      <PlansToolbar />
      <PlansTable rows={result.rows} currency={currency} />
      <ListFooter count={tc("total", { count: result.total })} pages={pages} page={page} testId="plans-total" />
    </Stack>
  );
}

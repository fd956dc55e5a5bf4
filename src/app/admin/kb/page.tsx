// Admin > Help center: every article in both languages (search, category and language filters,
// pages, all in the URL), how readers voted on each, and the categories.
import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KbAdminHeader } from "@/components/admin/kb/kb-admin-header";
import { KbArticlesList, type KbRowView } from "@/components/admin/kb/kb-articles-list";
import { PagePager } from "@/components/admin/list-kit";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { KB_LOCALES } from "@/server/db/schema/kb-kinds";
import { KB_SLUG, listKbArticlesAdmin, listKbCategoriesAdmin } from "@/server/services/kb";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("kb.admin"))("title") };
}

export default async function AdminKbPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("kb.manage");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const category = oneParam(sp.category) ?? undefined;
  const locale = KB_LOCALES.find((l) => l === oneParam(sp.locale));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const ctx = await requestCtx();
  const filters = { q, category: category && KB_SLUG.test(category) ? category : undefined, locale };
  const [result, categories, t] = await Promise.all([listKbArticlesAdmin(ctx, { ...filters, page, pageSize: PAGE_SIZE }), listKbCategoriesAdmin(ctx), getTranslations("kb.admin")]);
  const nameOf = new Map(categories.map((c) => [c.slug, c.name[ctx.locale]]));
  const rows: KbRowView[] = result.rows.map((a) => ({
    id: a.id,
    slug: a.slug,
    locale: a.locale,
    title: a.title,
    category: a.category,
    categoryName: nameOf.get(a.category) ?? a.category,
    isPublic: a.isPublic,
    sortOrder: a.sortOrder,
    updatedAt: a.updatedAt.toISOString(),
    votes: a.votes,
  }));
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <KbAdminHeader categories={categories.map((c) => ({ slug: c.slug, nameEn: c.name.en, nameZh: c.name["zh-CN"], sortOrder: c.sortOrder, articles: c.articles }))} reader={ctx.locale} />
      <KbArticlesList rows={rows} filtered={Boolean(filters.q || filters.category || filters.locale)} />
      <PagePager count={t("total", { count: result.total })} pages={pages} page={page} testId="kb-admin-total" />
    </Stack>
  );
}

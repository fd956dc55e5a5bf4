// Admin > Help center > New article. `?slug=&locale=&category=` start a translation of an article.
import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KbArticleEditor } from "@/components/admin/kb/kb-article-editor";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { KB_LOCALES } from "@/server/db/schema/kb-kinds";
import { KB_SLUG, listKbCategoriesAdmin } from "@/server/services/kb";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("kb.admin.form"))("newTitle") };
}

export default async function NewKbArticlePage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("kb.manage");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [categories, t] = await Promise.all([listKbCategoriesAdmin(ctx), getTranslations("kb.admin")]);
  const slug = oneParam(sp.slug) ?? "";
  const category = oneParam(sp.category) ?? "";
  const start = {
    slug: KB_SLUG.test(slug) ? slug : "",
    locale: KB_LOCALES.find((l) => l === oneParam(sp.locale)) ?? ctx.locale,
    category: KB_SLUG.test(category) ? category : (categories[0]?.slug ?? ""),
  };
  return (
    <Stack gap="md">
      <PageHeading title={t("form.newTitle")} subtitle={t("subtitle")} />
      <KbArticleEditor article={null} start={start} categories={categories.map((c) => ({ slug: c.slug, name: c.name[ctx.locale] }))} />
    </Stack>
  );
}

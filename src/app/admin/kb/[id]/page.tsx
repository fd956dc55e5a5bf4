// Admin > Help center > one article: the editor with its live preview, its votes, and the way to
// its translation. An unknown id is the admin area's 404.
import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { KbArticleEditor } from "@/components/admin/kb/kb-article-editor";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { getKbArticleAdmin, listKbCategoriesAdmin } from "@/server/services/kb";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("kb.admin.form"))("editTitle") };
}

export default async function EditKbArticlePage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminPage("kb.manage");
  const { id } = await params;
  const ctx = await requestCtx();
  const [article, categories, t] = await Promise.all([
    getKbArticleAdmin(ctx, id).catch((err: unknown) => {
      if (isDomainError(err) && err.code === "NOT_FOUND") return null;
      throw err;
    }),
    listKbCategoriesAdmin(ctx),
    getTranslations("kb.admin"),
  ]);
  if (!article) notFound();
  return (
    <Stack gap="md">
      <PageHeading title={t("form.editTitle")} subtitle={article.title} />
      <KbArticleEditor
        key={`${article.id}:${article.updatedAt.toISOString()}`}
        article={{ id: article.id, slug: article.slug, locale: article.locale, title: article.title, category: article.category, bodyMarkdown: article.bodyMarkdown, isPublic: article.isPublic, sortOrder: article.sortOrder, votes: article.votes, otherLocaleId: article.otherLocaleId }}
        start={{ slug: article.slug, locale: article.locale, category: article.category }}
        categories={categories.map((c) => ({ slug: c.slug, name: c.name[ctx.locale] }))}
      />
    </Stack>
  );
}

// One article for its readers (/kb/<slug> and GET /api/kb/articles/{slug}): in the language asked
// for, or the other one when it exists only there; 404 for an unknown slug and, to an anonymous
// reader, for a signed-in-only one (the same answer, so it does not tell that it exists).
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { kbArticles, kbCategories, type KbLocale } from "../../db/schema";
import { renderMarkdown, type SafeHtml } from "../announcements/markdown";
import { parseInput } from "../../validation";
import { kbArticleNotFound, readableBy, readerLocale } from "./access";
import { KB_SLUG, KbReadInput } from "./inputs";

export interface KbArticleView {
  id: string;
  slug: string;
  locale: KbLocale;
  title: string;
  category: string;
  categoryName: { en: string; "zh-CN": string };
  bodyMarkdown: string;
  html: SafeHtml;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Every language the caller may read this article in (the answered one included). */
  locales: KbLocale[];
}

export async function getKbArticle(ctx: Ctx, raw: unknown): Promise<KbArticleView> {
  const f = parseInput(KbReadInput, raw);
  const slug = f.slug.trim().toLowerCase();
  if (!KB_SLUG.test(slug)) throw kbArticleNotFound();
  const wanted = readerLocale(ctx, f.locale);
  const a = kbArticles;
  const rows = await ctx.db
    .select({
      id: a.id,
      slug: a.slug,
      locale: a.locale,
      title: a.title,
      category: a.category,
      bodyMarkdown: a.bodyMarkdown,
      isPublic: a.isPublic,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      nameEn: kbCategories.nameEn,
      nameZh: kbCategories.nameZh,
    })
    .from(a)
    .innerJoin(kbCategories, eq(kbCategories.slug, a.category))
    .where(and(eq(a.slug, slug), readableBy(ctx)));
  const row = rows.find((r) => r.locale === wanted) ?? rows[0];
  if (!row) throw kbArticleNotFound();
  const { nameEn, nameZh, ...article } = row;
  return {
    ...article,
    categoryName: { en: nameEn, "zh-CN": nameZh },
    html: renderMarkdown(article.bodyMarkdown),
    locales: rows.map((r) => r.locale).sort(),
  };
}

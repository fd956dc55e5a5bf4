// The admin side's reads: the article table (search in title and slug, category and language
// filters, pages) with each article's votes, and one article for the editor.
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { kbArticles } from "../../db/schema";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { kbArticleNotFound } from "./access";
import { KbAdminListInput } from "./inputs";
import { ARTICLE_COLUMNS, type KbAdminArticle } from "./manage";

export interface KbVoteCounts {
  helpful: number;
  notHelpful: number;
}
export type KbAdminRow = Omit<KbAdminArticle, "bodyMarkdown"> & { votes: KbVoteCounts };

// Qualified by hand: drizzle leaves a one-table select's columns unqualified, inside the subquery too.
const votesOf = (helpful: boolean) => sql<number>`(select count(*)::int from kb_votes v where v.article_id = "kb_articles"."id" and v.helpful = ${helpful})`;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listKbArticlesAdmin(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "kb.manage");
  const f = parseInput(KbAdminListInput, raw ?? {});
  const conds: (SQL | undefined)[] = [
    f.q ? or(ilike(kbArticles.title, like(f.q)), ilike(kbArticles.slug, like(f.q))) : undefined,
    f.category ? eq(kbArticles.category, f.category) : undefined,
    f.locale ? eq(kbArticles.locale, f.locale) : undefined,
  ];
  const where = and(...conds);
  const { bodyMarkdown: _body, ...columns } = ARTICLE_COLUMNS;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...columns, helpful: votesOf(true), notHelpful: votesOf(false) })
      .from(kbArticles)
      .where(where)
      .orderBy(asc(kbArticles.category), asc(kbArticles.sortOrder), asc(kbArticles.slug), asc(kbArticles.locale))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(kbArticles).where(where),
  ]);
  return {
    rows: rows.map(({ helpful, notHelpful, ...a }): KbAdminRow => ({ ...a, votes: { helpful: Number(helpful), notHelpful: Number(notHelpful) } })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** One article for the editor, with its votes and the languages its slug exists in. */
export async function getKbArticleAdmin(ctx: Ctx, id: string): Promise<KbAdminArticle & { votes: KbVoteCounts; otherLocaleId: string | null }> {
  requireAdmin(ctx, "kb.manage");
  if (!isUuid(String(id))) throw kbArticleNotFound();
  const [a] = await ctx.db
    .select({ ...ARTICLE_COLUMNS, helpful: votesOf(true), notHelpful: votesOf(false) })
    .from(kbArticles)
    .where(eq(kbArticles.id, id));
  if (!a) throw kbArticleNotFound();
  const [other] = await ctx.db
    .select({ id: kbArticles.id })
    .from(kbArticles)
    .where(and(eq(kbArticles.slug, a.slug), sql`${kbArticles.locale} <> ${a.locale}`));
  const { helpful, notHelpful, ...article } = a;
  return { ...article, votes: { helpful: Number(helpful), notHelpful: Number(notHelpful) }, otherLocaleId: other?.id ?? null };
}

// The public list and search (the /kb page and GET /api/kb/articles). Open to every caller by design:
// anonymous readers get public articles only. Each article (slug) comes once, in the reader's
// language when a version in it matches, else in the other language, so an article written in one
// language only is still found; the item's `locale` says which one was answered.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import { kbArticles, type KbLocale } from "../../db/schema";
import { parseInput } from "../../validation";
import { readableBy, readerLocale } from "./access";
import { plainExcerpt } from "./excerpt";
import { KbListInput } from "./inputs";
import { matchCondition, rankExpression, searchTerms } from "./search-terms";

export interface KbListItem {
  slug: string;
  locale: KbLocale;
  title: string;
  category: string;
  categoryName: { en: string; "zh-CN": string };
  excerpt: string;
  isPublic: boolean;
  updatedAt: Date;
}

export interface KbList {
  items: KbListItem[];
  total: number;
  page: number;
  limit: number;
  /** The language the list was picked for. */
  locale: KbLocale;
}

type Row = { slug: string; locale: KbLocale; title: string; category: string; body: string; is_public: boolean; updated_at: Date | string; name_en: string; name_zh: string };

export async function listKbArticles(ctx: Ctx, raw: unknown = {}): Promise<KbList> {
  const f = parseInput(KbListInput, raw ?? {});
  const locale = readerLocale(ctx, f.locale);
  const terms = searchTerms(f.q);
  const a = kbArticles;
  const where = and(readableBy(ctx), f.category ? eq(a.category, f.category) : undefined, matchCondition(terms)) ?? sql`true`;
  // One version per slug: the reader's language first, then the better match.
  const picked: SQL = sql`
    select distinct on (${a.slug}) ${a.slug} as slug, ${a.locale} as locale, ${a.title} as title, ${a.category} as category,
      left(${a.bodyMarkdown}, 800) as body, ${a.isPublic} as is_public, ${a.updatedAt} as updated_at, ${a.sortOrder} as sort_order,
      ${rankExpression(terms)} as rank
    from ${a}
    where ${where}
    order by ${a.slug}, (${a.locale} = ${locale}) desc, rank desc`;
  const order = terms.length ? sql`p.rank desc, c.sort_order, p.sort_order, p.title` : sql`c.sort_order, c.slug, p.sort_order, p.title`;
  const [page, count] = await Promise.all([
    ctx.db.execute(sql`
      with picked as (${picked})
      select p.slug, p.locale, p.title, p.category, p.body, p.is_public, p.updated_at, c.name_en, c.name_zh
      from picked p join kb_categories c on c.slug = p.category
      order by ${order}
      limit ${f.limit} offset ${(f.page - 1) * f.limit}`),
    ctx.db.execute(sql`with picked as (${picked}) select count(*)::int as n from picked`),
  ]);
  const rows = (page as unknown as { rows: Row[] }).rows;
  return {
    items: rows.map((r) => ({
      slug: r.slug,
      locale: r.locale,
      title: r.title,
      category: r.category,
      categoryName: { en: r.name_en, "zh-CN": r.name_zh },
      excerpt: plainExcerpt(r.body),
      isPublic: r.is_public,
      updatedAt: new Date(r.updated_at),
    })),
    total: Number((count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
    page: f.page,
    limit: f.limit,
    locale,
  };
}

// Categories: a key (in URLs, the API and article files) with a name in each language and an order.
// An article naming a new key creates it (named by its key until an admin words it), so an article
// file or the editor never needs a second step; a category articles use cannot be deleted.
import { asc, count, countDistinct, eq, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { kbArticles, kbCategories, type KbCategory } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { readableBy } from "./access";
import { KB_SLUG, KbCategoryInput } from "./inputs";

export const kbCategoryNotFound = () => new DomainError("NOT_FOUND", "kb_category_not_found");

export interface KbCategoryRow {
  slug: string;
  name: { en: string; "zh-CN": string };
  sortOrder: number;
  /** Articles in it: for the public list, the ones the caller may read, each slug once; for admins, every language version. */
  articles: number;
}

const shaped = (c: Pick<KbCategory, "slug" | "nameEn" | "nameZh" | "sortOrder">, articles: number): KbCategoryRow => ({
  slug: c.slug,
  name: { en: c.nameEn, "zh-CN": c.nameZh },
  sortOrder: c.sortOrder,
  articles,
});

const columns = { slug: kbCategories.slug, nameEn: kbCategories.nameEn, nameZh: kbCategories.nameZh, sortOrder: kbCategories.sortOrder };

/**
 * The help center's categories that hold something the caller may read. Open to every caller:
 * category names are public words, and a category of signed-in-only articles is left out for
 * anonymous readers.
 */
export async function listKbCategories(ctx: Ctx): Promise<KbCategoryRow[]> {
  const rows = await ctx.db
    .select({ ...columns, n: countDistinct(kbArticles.slug) })
    .from(kbCategories)
    .innerJoin(kbArticles, eq(kbArticles.category, kbCategories.slug))
    .where(readableBy(ctx))
    .groupBy(kbCategories.slug)
    .orderBy(asc(kbCategories.sortOrder), asc(kbCategories.slug));
  return rows.map((r) => shaped(r, Number(r.n)));
}

/** Every category, used or not, for the admin page and the CLI. */
export async function listKbCategoriesAdmin(ctx: Ctx): Promise<KbCategoryRow[]> {
  requireAdmin(ctx, "kb.manage");
  const rows = await ctx.db
    // Qualified by hand: drizzle leaves a one-table select's columns unqualified, inside the subquery too.
    .select({ ...columns, n: sql<number>`(select count(*)::int from kb_articles x where x.category = "kb_categories"."slug")` })
    .from(kbCategories)
    .orderBy(asc(kbCategories.sortOrder), asc(kbCategories.slug));
  return rows.map((r) => shaped(r, Number(r.n)));
}

/** Creates the category named by an article when it is new (inside the article's transaction). */
export async function ensureKbCategory(tx: Db, slug: string, now: Date): Promise<boolean> {
  const made = await tx.insert(kbCategories).values({ slug, nameEn: slug, nameZh: slug, createdAt: now, updatedAt: now }).onConflictDoNothing().returning({ slug: kbCategories.slug });
  return made.length > 0;
}

/** Creates a category or rewords an existing one (by its key). */
export async function saveKbCategory(ctx: Ctx, raw: unknown): Promise<KbCategoryRow> {
  requireAdmin(ctx, "kb.manage");
  const v = parseInput(KbCategoryInput, raw);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [c] = await tx
      .insert(kbCategories)
      .values({ ...v, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: kbCategories.slug, set: { nameEn: v.nameEn, nameZh: v.nameZh, sortOrder: v.sortOrder, updatedAt: now } })
      .returning(columns);
    await recordAudit(ctx, { action: "admin.kb.category.save", targetType: "kb_category", targetId: v.slug, metadata: { nameEn: v.nameEn, nameZh: v.nameZh, sortOrder: v.sortOrder } }, tx);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(kbArticles).where(eq(kbArticles.category, v.slug));
    return shaped(c!, Number(n));
  });
}

/** Deletes an unused category; one that articles still use is a 409 saying how many. */
export async function deleteKbCategory(ctx: Ctx, slugRaw: string): Promise<void> {
  requireAdmin(ctx, "kb.manage");
  const slug = String(slugRaw).trim().toLowerCase();
  if (!KB_SLUG.test(slug)) throw kbCategoryNotFound();
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx.select(columns).from(kbCategories).where(eq(kbCategories.slug, slug)).for("update");
    if (!c) throw kbCategoryNotFound();
    // The row lock above orders this against an article taking the category (its insert checks the
    // foreign key under a share lock), and the key's ON DELETE RESTRICT is the last word anyway.
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(kbArticles).where(eq(kbArticles.category, slug));
    if (Number(n) > 0) throw conflict("kb_category_in_use", { count: Number(n) });
    await tx.delete(kbCategories).where(eq(kbCategories.slug, slug));
    await recordAudit(ctx, { action: "admin.kb.category.delete", targetType: "kb_category", targetId: slug, metadata: { nameEn: c.nameEn, nameZh: c.nameZh } }, tx);
  });
}

// Admin writes on articles: create, replace, delete, and the CLI's "save by slug and language"
// (an article file applied again updates its article). Each write commits with its audit row; a
// slug and language taken by another article is a 409 on the slug field, decided by the unique key.
import { and, eq } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { kbArticles, type KbLocale } from "../../db/schema";
import { conflict } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { kbArticleNotFound } from "./access";
import { ensureKbCategory } from "./categories";
import { KB_SLUG, KbArticleInput, kbLocale, type KbArticleValues } from "./inputs";

/** What the admin side reads and writes of an article (never the search column). */
export const ARTICLE_COLUMNS = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  locale: kbArticles.locale,
  title: kbArticles.title,
  category: kbArticles.category,
  bodyMarkdown: kbArticles.bodyMarkdown,
  isPublic: kbArticles.isPublic,
  sortOrder: kbArticles.sortOrder,
  createdAt: kbArticles.createdAt,
  updatedAt: kbArticles.updatedAt,
};
export interface KbAdminArticle {
  id: string;
  slug: string;
  locale: KbLocale;
  title: string;
  category: string;
  bodyMarkdown: string;
  isPublic: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

const articleExists = () => conflict("kb_article_exists", { fields: { slug: "taken" } });

const columnsOf = (v: KbArticleValues) => ({ slug: v.slug, locale: v.locale, title: v.title, category: v.category, bodyMarkdown: v.bodyMarkdown, isPublic: v.public, sortOrder: v.sortOrder });

const auditFacts = (a: KbAdminArticle, categoryCreated: boolean) => ({ slug: a.slug, locale: a.locale, title: a.title, category: a.category, public: a.isPublic, ...(categoryCreated ? { categoryCreated: true } : {}) });

/** Runs a write, turning the (slug, locale) key's violation into the 409 a person can act on. */
async function keyed<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw articleExists();
    throw err;
  }
}

async function insertArticle(ctx: Ctx, tx: Db, v: KbArticleValues): Promise<KbAdminArticle> {
  const now = ctx.now();
  const categoryCreated = await ensureKbCategory(tx, v.category, now);
  const [a] = await tx
    .insert(kbArticles)
    .values({ ...columnsOf(v), createdBy: ctx.actor.userId ?? null, updatedBy: ctx.actor.userId ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [kbArticles.slug, kbArticles.locale] })
    .returning(ARTICLE_COLUMNS);
  if (!a) throw articleExists();
  await recordAudit(ctx, { action: "admin.kb.article.create", targetType: "kb_article", targetId: a.id, metadata: auditFacts(a, categoryCreated) }, tx);
  return a;
}

/** Writes what changed; the same values again change nothing (no new date, no audit row), so a file applied twice is a no-op. */
async function replaceArticle(ctx: Ctx, tx: Db, before: KbAdminArticle, v: KbArticleValues): Promise<KbAdminArticle> {
  const cols = columnsOf(v);
  const was = columnsOf({ ...before, public: before.isPublic });
  const fields = (Object.keys(cols) as (keyof typeof cols)[]).filter((k) => cols[k] !== was[k]).map((k) => (k === "isPublic" ? "public" : k));
  if (!fields.length) return before;
  const categoryCreated = await ensureKbCategory(tx, v.category, ctx.now());
  const [a] = await tx
    .update(kbArticles)
    .set({ ...cols, updatedBy: ctx.actor.userId ?? null, updatedAt: ctx.now() })
    .where(eq(kbArticles.id, before.id))
    .returning(ARTICLE_COLUMNS);
  await recordAudit(ctx, { action: "admin.kb.article.update", targetType: "kb_article", targetId: before.id, metadata: { ...auditFacts(a!, categoryCreated), fields } }, tx);
  return a!;
}

async function lockById(tx: Db, id: string): Promise<KbAdminArticle> {
  if (!isUuid(id)) throw kbArticleNotFound();
  const [a] = await tx.select(ARTICLE_COLUMNS).from(kbArticles).where(eq(kbArticles.id, id)).for("update");
  if (!a) throw kbArticleNotFound();
  return a;
}

export async function createKbArticle(ctx: Ctx, raw: unknown): Promise<KbAdminArticle> {
  requireAdmin(ctx, "kb.manage");
  const v = parseInput(KbArticleInput, raw);
  return keyed(() => ctx.db.transaction((tx) => insertArticle(ctx, tx, v)));
}

/** Replaces every field of the article (the editor sends them all); slug and language may change. */
export async function updateKbArticle(ctx: Ctx, id: string, raw: unknown): Promise<KbAdminArticle> {
  requireAdmin(ctx, "kb.manage");
  const v = parseInput(KbArticleInput, raw);
  return keyed(() => ctx.db.transaction(async (tx) => replaceArticle(ctx, tx, await lockById(tx, String(id)), v)));
}

/**
 * The CLI's article file: creates the article, or replaces the one with the same slug and language,
 * so applying a folder of files again brings the site to what the files say.
 */
export async function saveKbArticle(ctx: Ctx, raw: unknown): Promise<{ article: KbAdminArticle; created: boolean }> {
  requireAdmin(ctx, "kb.manage");
  const v = parseInput(KbArticleInput, raw);
  return keyed(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select(ARTICLE_COLUMNS).from(kbArticles).where(and(eq(kbArticles.slug, v.slug), eq(kbArticles.locale, v.locale))).for("update");
      if (before) return { article: await replaceArticle(ctx, tx, before, v), created: false };
      return { article: await insertArticle(ctx, tx, v), created: true };
    }),
  );
}

export async function deleteKbArticle(ctx: Ctx, id: string): Promise<void> {
  requireAdmin(ctx, "kb.manage");
  await ctx.db.transaction(async (tx) => {
    const a = await lockById(tx, String(id));
    await tx.delete(kbArticles).where(eq(kbArticles.id, a.id));
    await recordAudit(ctx, { action: "admin.kb.article.delete", targetType: "kb_article", targetId: a.id, metadata: { slug: a.slug, locale: a.locale, title: a.title } }, tx);
  });
}

/** The CLI's `kb delete <slug> [--locale L]`: every language of the slug, or one; 404 when none was there. */
export async function deleteKbArticlesBySlug(ctx: Ctx, slugRaw: string, localeRaw?: string): Promise<{ deleted: { id: string; locale: KbLocale }[] }> {
  requireAdmin(ctx, "kb.manage");
  const slug = String(slugRaw).trim().toLowerCase();
  const locale = localeRaw === undefined ? undefined : parseInput(kbLocale, localeRaw);
  if (!KB_SLUG.test(slug)) throw kbArticleNotFound();
  return ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(kbArticles)
      .where(and(eq(kbArticles.slug, slug), locale ? eq(kbArticles.locale, locale) : undefined))
      .returning({ id: kbArticles.id, locale: kbArticles.locale, title: kbArticles.title });
    if (!gone.length) throw kbArticleNotFound();
    for (const a of gone) await recordAudit(ctx, { action: "admin.kb.article.delete", targetType: "kb_article", targetId: a.id, metadata: { slug, locale: a.locale, title: a.title } }, tx);
    return { deleted: gone.map(({ id, locale }) => ({ id, locale })) };
  });
}

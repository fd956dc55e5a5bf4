// The knowledge base (issue 28 item 4): set-up guides and help articles in Markdown, one row per
// slug and language, in categories worded per language, with "was this helpful" votes.
//
// Search reads the generated `search` column (a GIN index): English articles are indexed with the
// `english` configuration (stemmed: "configuring" finds "configure"), Chinese ones with `simple`,
// which does not segment Chinese, so services/kb/search-terms.ts matches Chinese terms as substrings
// (a Latin word written against Chinese characters is split off first, so the index finds it).
// PGlite (PostgreSQL 18 in WASM) runs the same column, index and queries; tests prove both engines.
import { sql, type SQL } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import type { KbLocale } from "./kb-kinds";

export * from "./kb-kinds";

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

// Slugs and category keys are checked by the verbs (KB_SLUG), their only writers, like the schema's
// other format rules: table checks here hold value lists only.

/** A category: its key (`clients`, in URLs and the API) and its name in each language. */
export const kbCategories = pgTable("kb_categories", {
  slug: text("slug").primaryKey(),
  nameEn: text("name_en").notNull(),
  nameZh: text("name_zh").notNull(),
  // Lower first on the help center's front page; then by key.
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The text configuration an article's language is indexed (and searched) with. */
const configOf = (locale: SQL) => sql`case when ${locale} = 'en' then 'english'::regconfig else 'simple'::regconfig end`;

/**
 * The text with spaces around each run of Chinese (Japanese, Korean) characters: the parser would
 * keep "在iPhone上配置" as one word, so "iphone" could never be found in it by the index.
 */
const EAST_ASIAN_RUN = "([\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff]+)";
const spaced = (column: string) => sql.raw(`regexp_replace(${column}, '${EAST_ASIAN_RUN}', ' \\1 ', 'g')`);

export const kbArticles = pgTable(
  "kb_articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    locale: text("locale").$type<KbLocale>().notNull(),
    title: text("title").notNull(),
    // A category is renamed in its own row; one that articles use cannot be deleted.
    category: text("category")
      .notNull()
      .references(() => kbCategories.slug, { onDelete: "restrict", onUpdate: "cascade" }),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    // false: signed-in readers only (anonymous readers get 404 and never see it listed).
    isPublic: boolean("is_public").notNull().default(true),
    // Lower first inside its category.
    sortOrder: integer("sort_order").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Title weighs more than body (weights A and B, read by ts_rank).
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector(${configOf(sql`locale`)}, ${spaced("title")}), 'A') || setweight(to_tsvector(${configOf(sql`locale`)}, ${spaced("body_markdown")}), 'B')`,
      ),
  },
  (t) => [
    uniqueIndex("kb_articles_slug_locale_key").on(t.slug, t.locale),
    index("kb_articles_category_idx").on(t.category, t.sortOrder),
    index("kb_articles_search_idx").using("gin", t.search),
    check("kb_articles_locale_check", sql`${t.locale} in ('zh-CN', 'en')`),
  ],
);

/**
 * "Was this helpful": one row per article and voter, changed in place (the primary key makes two
 * votes at once one row). `voter` is `u:<user id>` for a signed-in reader, `v:<keyed hash>` of the
 * visitor cookie for an anonymous one (services/kb/votes.ts).
 */
export const kbVotes = pgTable(
  "kb_votes",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => kbArticles.id, { onDelete: "cascade" }),
    voter: text("voter").notNull(),
    // So deleting an account takes its votes with it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    helpful: boolean("helpful").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.voter] }), index("kb_votes_user_idx").on(t.userId)],
);

export type KbArticle = typeof kbArticles.$inferSelect;
export type KbCategory = typeof kbCategories.$inferSelect;

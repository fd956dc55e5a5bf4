// Inputs of the knowledge base verbs. One article schema serves the admin editor, the CLI's
// article file (`kb create --file`) and the API's documentation.
import { z } from "zod";
import { KB_LOCALES, KB_SLUG, MAX_CATEGORY_NAME_CHARS, MAX_SLUG_CHARS, MAX_TITLE_CHARS } from "../../db/schema/kb-kinds";
import { formBoolean } from "../../form-boolean";
import { MAX_BODY_CHARS } from "../announcements/markdown";

export { KB_SLUG, MAX_CATEGORY_NAME_CHARS, MAX_SLUG_CHARS, MAX_TITLE_CHARS };
/** The article body, as the one Markdown renderer cuts it (announcements/markdown.ts). */
export const MAX_ARTICLE_CHARS = MAX_BODY_CHARS;
export const MAX_QUERY_CHARS = 100;

export const kbSlug = z.string().trim().toLowerCase().min(1).max(MAX_SLUG_CHARS).regex(KB_SLUG, { message: "kb_slug_format" });
export const kbLocale = z.enum(KB_LOCALES);
const sortOrder = z.coerce.number().int().min(-10_000).max(10_000).default(0);

export const KbArticleInput = z.strictObject({
  slug: kbSlug.describe("The address part: /kb/<slug>. The same slug may exist once per language."),
  locale: kbLocale.describe("The language the article is written in."),
  title: z.string().trim().min(1).max(MAX_TITLE_CHARS),
  category: kbSlug.describe("A category key; a new key creates the category, named by its key until an admin words it."),
  bodyMarkdown: z.string().max(MAX_ARTICLE_CHARS).default("").describe("Markdown; raw HTML is shown as text, images are not rendered."),
  public: formBoolean.default(true).describe("false: only signed-in readers see it (404 for everyone else)."),
  sortOrder: sortOrder.describe("Lower first inside its category."),
});
export type KbArticleValues = z.output<typeof KbArticleInput>;

export const KbCategoryInput = z.strictObject({
  slug: kbSlug,
  nameEn: z.string().trim().min(1).max(MAX_CATEGORY_NAME_CHARS),
  nameZh: z.string().trim().min(1).max(MAX_CATEGORY_NAME_CHARS),
  sortOrder,
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const emptyAsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The public list and search (GET /api/kb/articles and the /kb page). */
export const KbListInput = z.object({
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(MAX_QUERY_CHARS).optional()).describe("Words to look for; Chinese words match anywhere in an article."),
  category: z.preprocess(emptyAsAbsent, kbSlug.optional()).describe("Only this category (its key)."),
  locale: z.preprocess(emptyAsAbsent, kbLocale.optional()).describe("The reader's language (default: the request's). Each article comes once: in this language when written in it, else in the other."),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One article (GET /api/kb/articles/{slug} and /kb/<slug>). */
export const KbReadInput = z.object({
  // Any text: one that is no slug names no article (404 from the verb, not a 400).
  slug: z.string().max(10_000),
  locale: z.preprocess(emptyAsAbsent, kbLocale.optional()).describe("The language wanted; the other one is answered when the article exists only there."),
});

/** The admin table's filters. */
export const KbAdminListInput = z.object({
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(200).optional()),
  category: z.preprocess(emptyAsAbsent, kbSlug.optional()),
  locale: z.preprocess(emptyAsAbsent, kbLocale.optional()),
  page,
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const KbVoteInput = z.object({
  articleId: z.string().max(100),
  /** null takes the vote back. */
  helpful: z.boolean().nullable(),
});

// `kb create|list|delete` and `kb category list|set|delete`: the help center's articles and
// categories (README "Knowledge base"). Thin wrappers over the same verbs as the admin pages; every
// write is audited with the CLI as the actor.
import { UsageError } from "../args";
import { table } from "../format";
import { readJsonInput } from "../json-input";
import type { Command } from "../registry";

const kb = () => import("../../src/server/services/kb");

const iso = (d: Date) => d.toISOString();
const ARTICLE_SHAPE = '{ "slug", "locale": "zh-CN"|"en", "title", "category", "bodyMarkdown", "public": true|false, "sortOrder"? }';

const create: Command = {
  path: ["kb", "create"],
  summary: "Write a help article from a JSON file (the same slug and language again updates it)",
  json: true,
  description:
    `The file: ${ARTICLE_SHAPE}.\n` +
    "slug: lowercase letters, digits and hyphens (the article opens at /kb/<slug>); the same slug in the other language is its translation.\n" +
    "category: a category key; a new key creates the category, named by its key until worded (`kb category set`).\n" +
    "public: false shows it to signed-in readers only. Applying a file again replaces that article (slug + locale), so a folder\n" +
    "of article files can be kept beside the site and applied after each edit.\n" +
    "JSON shape: { created: boolean, article: { id, slug, locale, title, category, public, sortOrder, createdAt, updatedAt } }",
  options: {
    file: { type: "string", valueName: "path", description: "the article file (JSON)", inlineAs: "data" },
    data: { type: "string", valueName: "json", description: "the article as JSON text instead of a file" },
  },
  async run(c, { options: o }) {
    const raw = await readJsonInput(o);
    const { saveKbArticle } = await kb();
    const { article: a, created } = await saveKbArticle(await c.ctx(), raw);
    const article = { id: a.id, slug: a.slug, locale: a.locale, title: a.title, category: a.category, public: a.isPublic, sortOrder: a.sortOrder, createdAt: iso(a.createdAt), updatedAt: iso(a.updatedAt) };
    if (o.json) return c.json({ created, article });
    c.out(`article ${a.slug} (${a.locale}) ${created ? "created" : "updated"}: ${a.id}`);
  },
};

const list: Command = {
  path: ["kb", "list"],
  summary: "List help articles (every language) with their readers' votes",
  json: true,
  description: "JSON shape: { articles: [{ id, slug, locale, title, category, public, sortOrder, helpful, notHelpful, updatedAt }], total, page, pageSize }",
  options: {
    q: { type: "string", valueName: "text", description: "title or slug contains" },
    category: { type: "string", valueName: "key", description: "only this category" },
    locale: { type: "string", valueName: "zh-CN|en", description: "only this language" },
    page: { type: "string", valueName: "n", description: "page number (default 1, 100 per page)" },
  },
  async run(c, { options: o }) {
    const { listKbArticlesAdmin } = await kb();
    const r = await listKbArticlesAdmin(await c.ctx(), { q: o.q, category: o.category, locale: o.locale, page: o.page ?? 1, pageSize: 100 });
    const articles = r.rows.map((a) => ({ id: a.id, slug: a.slug, locale: a.locale, title: a.title, category: a.category, public: a.isPublic, sortOrder: a.sortOrder, helpful: a.votes.helpful, notHelpful: a.votes.notHelpful, updatedAt: iso(a.updatedAt) }));
    if (o.json) return c.json({ articles, total: r.total, page: r.page, pageSize: r.pageSize });
    if (!articles.length) return c.out("No help articles.");
    const rows = articles.map((a) => [a.slug, a.locale, a.category, a.public ? "everyone" : "signed-in", `+${a.helpful} -${a.notHelpful}`, a.title]);
    for (const line of table(["SLUG", "LOCALE", "CATEGORY", "READERS", "VOTES", "TITLE"], rows)) c.out(line);
    c.out(`page ${r.page} of ${Math.max(1, Math.ceil(r.total / r.pageSize))} (${r.total} articles)`);
  },
};

const remove: Command = {
  path: ["kb", "delete"],
  summary: "Delete a help article in every language, or in one (--locale), with its votes",
  json: true,
  description: "JSON shape: { deleted: [{ id, locale }] }",
  positionals: [{ name: "slug", description: "the article's slug", required: true }],
  options: { locale: { type: "string", valueName: "zh-CN|en", description: "only this language's version" } },
  async run(c, { options: o, positionals: p }) {
    const { deleteKbArticlesBySlug } = await kb();
    const r = await deleteKbArticlesBySlug(await c.ctx(), String(p.slug), o.locale === undefined ? undefined : String(o.locale));
    if (o.json) return c.json(r);
    c.out(`article ${String(p.slug).toLowerCase()} deleted (${r.deleted.map((d) => d.locale).join(", ")})`);
  },
};

const categoryList: Command = {
  path: ["kb", "category", "list"],
  summary: "List the help center's categories",
  json: true,
  description: "JSON shape: { categories: [{ key, nameEn, nameZh, sortOrder, articles }] }",
  async run(c, { options: o }) {
    const { listKbCategoriesAdmin } = await kb();
    const categories = (await listKbCategoriesAdmin(await c.ctx())).map((x) => ({ key: x.slug, nameEn: x.name.en, nameZh: x.name["zh-CN"], sortOrder: x.sortOrder, articles: x.articles }));
    if (o.json) return c.json({ categories });
    if (!categories.length) return c.out("No categories.");
    for (const line of table(["KEY", "ORDER", "ARTICLES", "ENGLISH", "CHINESE"], categories.map((x) => [x.key, String(x.sortOrder), String(x.articles), x.nameEn, x.nameZh]))) c.out(line);
  },
};

const categorySet: Command = {
  path: ["kb", "category", "set"],
  summary: "Create a category or reword one: its name in each language and its order",
  json: true,
  description: "JSON shape: { category: { key, nameEn, nameZh, sortOrder, articles } }",
  positionals: [{ name: "key", description: "the category key (lowercase letters, digits, hyphens)", required: true }],
  options: {
    en: { type: "string", valueName: "name", required: true, description: "the English name" },
    zh: { type: "string", valueName: "name", required: true, description: "the Chinese name" },
    order: { type: "string", valueName: "n", description: "lower comes first (default 0)" },
  },
  async run(c, { options: o, positionals: p }) {
    const { saveKbCategory } = await kb();
    const x = await saveKbCategory(await c.ctx(), { slug: p.key, nameEn: o.en, nameZh: o.zh, sortOrder: o.order ?? 0 });
    const category = { key: x.slug, nameEn: x.name.en, nameZh: x.name["zh-CN"], sortOrder: x.sortOrder, articles: x.articles };
    if (o.json) return c.json({ category });
    c.out(`category ${x.slug} saved: ${x.name.en} / ${x.name["zh-CN"]}`);
  },
};

const categoryDelete: Command = {
  path: ["kb", "category", "delete"],
  summary: "Delete a category no article uses",
  positionals: [{ name: "key", description: "the category key", required: true }],
  async run(c, { positionals: p }) {
    const key = String(p.key);
    if (!key.trim()) throw new UsageError("give the category key");
    const { deleteKbCategory } = await kb();
    await deleteKbCategory(await c.ctx(), key);
    c.out(`category ${key.toLowerCase()} deleted`);
  },
};

export const kbCommands: Command[] = [create, list, remove, categoryList, categorySet, categoryDelete];

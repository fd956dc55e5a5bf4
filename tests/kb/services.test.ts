// The knowledge base's services on this file's engine (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// who may write and read what (signed-in-only articles are 404 and unlisted for anonymous readers),
// the reader's language with the other as fallback, search (English stemmed and by prefix, Chinese
// as substrings, both together, categories, pages), Markdown that stays inert, categories, votes
// once per voter (also two at once, on separate connections) and the guides the client catalogue
// may link to.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { auditLogs, kbArticles, kbCategories, kbVotes } from "../../src/server/db/schema";
import {
  createKbArticle,
  deleteKbArticle,
  deleteKbArticlesBySlug,
  deleteKbCategory,
  getKbArticle,
  getKbArticleAdmin,
  kbGuideSlugs,
  kbVoteOf,
  listKbArticles,
  listKbArticlesAdmin,
  listKbCategories,
  listKbCategoriesAdmin,
  newKbVisitorId,
  saveKbArticle,
  saveKbCategory,
  updateKbArticle,
  voteKbArticle,
  withReadableGuides,
} from "../../src/server/services/kb";
import { adminDeleteUser } from "../../src/server/services/accounts";
import { plainExcerpt } from "../../src/server/services/kb/excerpt";
import { matchCondition, searchTerms } from "../../src/server/services/kb/search-terms";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { secondInstanceForFile, settledReasons } from "../helpers/race";

const t = testDbForFile();
const second = secondInstanceForFile(t);
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;

const article = (over: Record<string, unknown> = {}) => ({ slug: "set-up-clash", locale: "en", title: "Set up Clash Verge", category: "clients", bodyMarkdown: "Import the subscription.", public: true, ...over });
const en = (ctx: Ctx): Ctx => ({ ...ctx, locale: "en" });
const zh = (ctx: Ctx): Ctx => ({ ...ctx, locale: "zh-CN" });

// The shelf every read test shares: written once, through the verbs.
let clashEn: string, clashZh: string, privateId: string;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  await saveKbCategory(admin.ctx, { slug: "clients", nameEn: "Client apps", nameZh: "客户端", sortOrder: 1 });
  await saveKbCategory(admin.ctx, { slug: "billing", nameEn: "Billing", nameZh: "账单", sortOrder: 2 });
  clashEn = (await createKbArticle(admin.ctx, article({ bodyMarkdown: "Configuring **Clash Verge** on Windows: import the subscription link, then choose a line." }))).id;
  clashZh = (await createKbArticle(admin.ctx, article({ locale: "zh-CN", title: "在 Windows 上配置 Clash Verge", bodyMarkdown: "如何导入订阅链接并选择线路。在iPhone上也可以使用。" }))).id;
  await createKbArticle(admin.ctx, article({ slug: "v2rayng-android", title: "v2rayNG on Android", bodyMarkdown: "Scan the QR code from your subscription page.", sortOrder: 2 }));
  await createKbArticle(admin.ctx, article({ slug: "pay-with-alipay", locale: "zh-CN", category: "billing", title: "使用支付宝付款", bodyMarkdown: "在订单页面选择支付宝扫码付款。" }));
  privateId = (await createKbArticle(admin.ctx, article({ slug: "members-only", title: "Members only: line status", category: "billing", bodyMarkdown: "Private routes for members.", public: false }))).id;
});

describe("who may write", () => {
  it("refuses anonymous callers, ordinary users and agents on every admin verb, and answers the CLI", async () => {
    const verbs: ((ctx: Ctx) => Promise<unknown>)[] = [
      (ctx) => createKbArticle(ctx, article({ slug: "nope" })),
      (ctx) => updateKbArticle(ctx, clashEn, article()),
      (ctx) => saveKbArticle(ctx, article()),
      (ctx) => deleteKbArticle(ctx, clashEn),
      (ctx) => deleteKbArticlesBySlug(ctx, "set-up-clash"),
      (ctx) => saveKbCategory(ctx, { slug: "x", nameEn: "X", nameZh: "X" }),
      (ctx) => deleteKbCategory(ctx, "clients"),
      (ctx) => listKbArticlesAdmin(ctx, {}),
      (ctx) => getKbArticleAdmin(ctx, clashEn),
      (ctx) => listKbCategoriesAdmin(ctx),
    ];
    for (const verb of verbs) {
      await expect(verb(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(verb(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
      await expect(verb(makeCtx(t.db, { kind: "agent", nodeId: "n" }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect((await listKbArticlesAdmin(cliCtx(t.db), {})).total).toBeGreaterThanOrEqual(5);
  });

  it.each([
    [{ slug: "Set Up" }, "slug", "kb_slug_format"],
    [{ slug: "a--b" }, "slug", "kb_slug_format"],
    [{ slug: "设置" }, "slug", "kb_slug_format"],
    [{ slug: "x".repeat(81) }, "slug", "too_long"],
    [{ locale: "fr" }, "locale", "invalid_choice"],
    [{ title: " " }, "title", "required"],
    [{ category: "Client apps" }, "category", "kb_slug_format"],
    [{ bodyMarkdown: "x".repeat(20_001) }, "bodyMarkdown", "too_long"],
    [{ sortOrder: 1.5 }, "sortOrder", "not_integer"],
    [{ extra: 1 }, "extra", "unknown_field"],
  ])("refuses %j on %s (%s)", async (over, field, code) => {
    await expect(createKbArticle(admin.ctx, article({ slug: "bad-input", ...over }))).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { [field]: code } } });
  });

  it("keeps one article per slug and language: a second is a 409 on the slug, in create and in update", async () => {
    await expect(createKbArticle(admin.ctx, article({ title: "Again" }))).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "kb_article_exists", fields: { slug: "taken" } } });
    const other = await createKbArticle(admin.ctx, article({ slug: "move-me" }));
    await expect(updateKbArticle(admin.ctx, other.id, article({ slug: "set-up-clash" }))).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "kb_article_exists" } });
    // The same slug in the other language is another article.
    const zhOther = await createKbArticle(admin.ctx, article({ slug: "move-me", locale: "zh-CN", title: "移动" }));
    await deleteKbArticle(admin.ctx, zhOther.id);
    await deleteKbArticle(admin.ctx, other.id);
  });

  it("audits create, update (naming the changed fields) and delete; a new category key is created and audited with the article", async () => {
    const a = await createKbArticle(admin.ctx, article({ slug: "audited", category: "brand-new" }));
    await updateKbArticle(admin.ctx, a.id, article({ slug: "audited", category: "brand-new", title: "Renamed", public: false }));
    await deleteKbArticle(admin.ctx, a.id);
    const rows = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "kb_article"), eq(auditLogs.targetId, a.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(["admin.kb.article.create", "admin.kb.article.delete", "admin.kb.article.update"]);
    expect(rows.find((r) => r.action === "admin.kb.article.create")!.metadata).toMatchObject({ slug: "audited", categoryCreated: true });
    expect(rows.find((r) => r.action === "admin.kb.article.update")!.metadata).toMatchObject({ title: "Renamed", fields: ["title", "public"] });
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
    const [cat] = await t.db.select().from(kbCategories).where(eq(kbCategories.slug, "brand-new"));
    expect(cat).toMatchObject({ nameEn: "brand-new", nameZh: "brand-new" });
    await deleteKbCategory(admin.ctx, "brand-new");
  });

  it("saveKbArticle creates, then updates the same slug and language in place (the CLI's file)", async () => {
    const first = await saveKbArticle(cliCtx(t.db), article({ slug: "from-file", title: "One" }));
    const again = await saveKbArticle(cliCtx(t.db), article({ slug: "from-file", title: "Two" }));
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, article: { id: first.article.id, title: "Two" } });
    // The same file once more changes nothing: same date, no audit row.
    const same = await saveKbArticle(cliCtx(t.db), article({ slug: "from-file", title: "Two" }));
    expect(same.article.updatedAt).toEqual(again.article.updatedAt);
    expect((await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "kb_article"), eq(auditLogs.targetId, first.article.id)))).map((r) => r.action).sort()).toEqual(["admin.kb.article.create", "admin.kb.article.update"]);
    expect(await deleteKbArticlesBySlug(cliCtx(t.db), "from-file")).toEqual({ deleted: [{ id: first.article.id, locale: "en" }] });
    await expect(deleteKbArticlesBySlug(cliCtx(t.db), "from-file")).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "kb_article_not_found" } });
  });

  it("categories: worded per language, ordered; one in use cannot be deleted (409 with the count), an unused one can", async () => {
    await expect(deleteKbCategory(admin.ctx, "clients")).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "kb_category_in_use", count: 3 } });
    await saveKbCategory(admin.ctx, { slug: "spare", nameEn: "Spare", nameZh: "备用", sortOrder: 9 });
    expect((await listKbCategoriesAdmin(admin.ctx)).map((c) => [c.slug, c.name.en, c.name["zh-CN"], c.articles])).toEqual([
      ["clients", "Client apps", "客户端", 3],
      ["billing", "Billing", "账单", 2],
      ["spare", "Spare", "备用", 0],
    ]);
    await deleteKbCategory(admin.ctx, "spare");
    await expect(deleteKbCategory(admin.ctx, "spare")).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "kb_category_not_found" } });
    // The public list leaves out what the caller cannot read: billing holds a public Chinese article and a private one.
    // Readers count articles, not language versions.
    expect((await listKbCategories(anonCtx(t.db))).map((c) => [c.slug, c.articles])).toEqual([["clients", 2], ["billing", 1]]);
    expect((await listKbCategories(user.ctx)).map((c) => [c.slug, c.articles])).toEqual([["clients", 2], ["billing", 2]]);
  });
});

describe("reading", () => {
  it("answers the reader's language, the other when the article exists only there, and says which languages exist", async () => {
    expect(await getKbArticle(en(anonCtx(t.db)), { slug: "set-up-clash" })).toMatchObject({ id: clashEn, locale: "en", locales: ["en", "zh-CN"], categoryName: { en: "Client apps", "zh-CN": "客户端" } });
    expect(await getKbArticle(zh(anonCtx(t.db)), { slug: "set-up-clash" })).toMatchObject({ id: clashZh, locale: "zh-CN" });
    expect(await getKbArticle(zh(anonCtx(t.db)), { slug: "set-up-clash", locale: "en" })).toMatchObject({ id: clashEn });
    expect(await getKbArticle(en(anonCtx(t.db)), { slug: "pay-with-alipay" })).toMatchObject({ locale: "zh-CN", locales: ["zh-CN"] });
    expect(await getKbArticle(en(anonCtx(t.db)), { slug: "SET-UP-CLASH" })).toMatchObject({ id: clashEn });
  });

  it("a signed-in-only article is 404 to anonymous readers (like an unknown slug) and readable when signed in", async () => {
    for (const slug of ["members-only", "no-such-article", "../etc", "x".repeat(300)]) {
      await expect(getKbArticle(anonCtx(t.db), { slug })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "kb_article_not_found" } });
    }
    expect(await getKbArticle(user.ctx, { slug: "members-only" })).toMatchObject({ id: privateId, isPublic: false });
    expect(await getKbArticle(admin.ctx, { slug: "members-only" })).toMatchObject({ id: privateId });
    // An API token is an integration, not a reader.
    await expect(getKbArticle(makeCtx(t.db, { kind: "token", tokenId: "t", scopes: [] }), { slug: "members-only" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("renders Markdown inert: raw HTML is text, script links are dropped, outside links are safe", async () => {
    const a = await createKbArticle(admin.ctx, article({ slug: "xss", bodyMarkdown: '<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) [site](https://example.com) **ok**' }));
    const { html } = await getKbArticle(anonCtx(t.db), { slug: "xss" });
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).toContain("<strong>ok</strong>");
    // The list's excerpt is plain text: no markup, no link targets.
    const [item] = (await listKbArticles(anonCtx(t.db), { q: "alert" })).items;
    expect(item!.excerpt).toBe('<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) site ok');
    await deleteKbArticle(admin.ctx, a.id);
  });
});

describe("listing and search", () => {
  const slugs = (r: { items: { slug: string; locale: string }[] }) => r.items.map((i) => `${i.slug}:${i.locale}`);

  it("lists each article once, in the reader's language or else the other, by category order then sort order; anonymous readers see public ones only", async () => {
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), {}))).toEqual(["set-up-clash:en", "v2rayng-android:en", "pay-with-alipay:zh-CN"]);
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), {}))).toEqual(["set-up-clash:zh-CN", "v2rayng-android:en", "pay-with-alipay:zh-CN"]);
    const signedIn = await listKbArticles(en(user.ctx), {});
    expect(slugs(signedIn)).toEqual(["set-up-clash:en", "v2rayng-android:en", "members-only:en", "pay-with-alipay:zh-CN"]);
    expect(signedIn.total).toBe(4);
    expect(signedIn.items[0]).toMatchObject({ title: "Set up Clash Verge", category: "clients", categoryName: { en: "Client apps" }, isPublic: true, excerpt: "Configuring Clash Verge on Windows: import the subscription link, then choose a line." });
    expect(signedIn.items[0]!.updatedAt).toBeInstanceOf(Date);
    expect(plainExcerpt("Import **the link**.\n\n- one\n- two\n\n`code` [site](https://example.com) &amp; <b>")).toBe("Import the link. one two code site & <b>");
    expect(plainExcerpt(`${"word ".repeat(50)}end`, 30)).toBe("word word word word word word…");
    // The API's locale parameter wins over the request's language.
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { locale: "zh-CN" }))[0]).toBe("set-up-clash:zh-CN");
  });

  it("filters by category and pages (total counts articles, not languages)", async () => {
    expect(slugs(await listKbArticles(en(user.ctx), { category: "billing" }))).toEqual(["members-only:en", "pay-with-alipay:zh-CN"]);
    const p1 = await listKbArticles(en(anonCtx(t.db)), { limit: 2 });
    const p2 = await listKbArticles(en(anonCtx(t.db)), { limit: 2, page: 2 });
    expect([p1.total, p2.total, p1.items.length, p2.items.length]).toEqual([3, 3, 2, 1]);
    expect(new Set([...slugs(p1), ...slugs(p2)]).size).toBe(3);
    expect((await listKbArticles(en(anonCtx(t.db)), { page: 99 })).total).toBe(3);
    await expect(listKbArticles(anonCtx(t.db), { limit: 101 })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { limit: "too_big" } } });
  });

  it("English: stemmed and by prefix, every word must match, stop words are ignored", async () => {
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "configure" }))).toEqual(["set-up-clash:en"]);
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "subscriptions" }))).toEqual(["set-up-clash:en", "v2rayng-android:en"]);
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "v2ray" }))).toEqual(["v2rayng-android:en"]);
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "how to import the subscription on windows" }))).toEqual(["set-up-clash:en"]);
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "clash android" }))).toEqual([]);
    // The title weighs more: "subscription" is in both bodies, "QR" only in v2rayNG's; "Clash" in the title ranks first.
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "clash" }))).toEqual(["set-up-clash:en"]);
  });

  it("Chinese: a query matches inside a run of Han characters (which 'simple' keeps whole), alone or with a Latin word", async () => {
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "导入" }))).toEqual(["set-up-clash:zh-CN"]);
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "支付宝" }))).toEqual(["pay-with-alipay:zh-CN"]);
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "clash 线路" }))).toEqual(["set-up-clash:zh-CN"]);
    // A Latin word written against Chinese characters ("在iPhone上") is found in Chinese articles.
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "iphone" }))).toEqual(["set-up-clash:zh-CN"]);
    // An English reader searching in Chinese gets the Chinese version that matched.
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "订阅" }))).toEqual(["set-up-clash:zh-CN"]);
    // A Chinese reader whose words match only the English version gets that one.
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "qr code" }))).toEqual(["v2rayng-android:en"]);
    expect(slugs(await listKbArticles(zh(anonCtx(t.db)), { q: "不存在的词" }))).toEqual([]);
  });

  it("Latin words are found through the GIN index (the planner may use it: no substring in the way)", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = (await tx.execute(sql`explain select ${kbArticles.id} from ${kbArticles} where ${matchCondition(searchTerms("clash windows"))}`)) as unknown as { rows: Record<string, string>[] };
      return r.rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toContain("kb_articles_search_idx");
    expect(searchTerms("导入Clash，ＶＰＮ how-to")).toEqual([
      { text: "导入", kind: "cjk" },
      { text: "clash", kind: "word" },
      { text: "vpn", kind: "word" },
      { text: "how", kind: "word" },
      { text: "to", kind: "word" },
    ]);
  });

  it("never finds a signed-in-only article for an anonymous reader, and does for a signed-in one", async () => {
    expect(slugs(await listKbArticles(anonCtx(t.db), { q: "members" }))).toEqual([]);
    expect(slugs(await listKbArticles(anonCtx(t.db), { category: "billing", locale: "en" }))).toEqual(["pay-with-alipay:zh-CN"]);
    expect(slugs(await listKbArticles(user.ctx, { q: "members" }))).toEqual(["members-only:en"]);
  });

  it("a query of punctuation only lists everything; quotes and operators are words, never tsquery syntax", async () => {
    expect((await listKbArticles(en(anonCtx(t.db)), { q: "!!! ... " })).total).toBe(3);
    for (const q of ["clash'", "clash & | !", "clash:*", "(clash", "\\"]) expect((await listKbArticles(en(anonCtx(t.db)), { q })).items.length).toBeGreaterThanOrEqual(0);
    expect(slugs(await listKbArticles(en(anonCtx(t.db)), { q: "clash' & !" }))).toEqual(["set-up-clash:en"]);
  });

  it("the admin list: search in title and slug, category and language filters, votes per article", async () => {
    const r = await listKbArticlesAdmin(admin.ctx, { q: "CLASH" });
    expect(r.rows.map((a) => `${a.slug}:${a.locale}`)).toEqual(["set-up-clash:en", "set-up-clash:zh-CN"]);
    expect(r.rows[0]).toMatchObject({ votes: { helpful: expect.any(Number), notHelpful: expect.any(Number) } });
    expect(r.rows[0]).not.toHaveProperty("bodyMarkdown");
    expect((await listKbArticlesAdmin(admin.ctx, { locale: "zh-CN" })).rows.map((a) => a.slug).sort()).toEqual(["pay-with-alipay", "set-up-clash"]);
    expect((await listKbArticlesAdmin(admin.ctx, { category: "billing" })).total).toBe(2);
    expect((await listKbArticlesAdmin(admin.ctx, { q: "100%_" })).total).toBe(0);
    expect(await getKbArticleAdmin(admin.ctx, clashEn)).toMatchObject({ id: clashEn, otherLocaleId: clashZh, bodyMarkdown: expect.stringContaining("Clash Verge") });
    await expect(getKbArticleAdmin(admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("votes", () => {
  const counts = async (id: string) => (await getKbArticleAdmin(admin.ctx, id)).votes;

  it("one vote per signed-in user: changeable, withdrawable, counted for admins", async () => {
    const a = (await createKbArticle(admin.ctx, article({ slug: "vote-user" }))).id;
    const other = await makeUser(t.db);
    await voteKbArticle(user.ctx, { articleId: a, helpful: true });
    await voteKbArticle(user.ctx, { articleId: a, helpful: true });
    await voteKbArticle(other.ctx, { articleId: a, helpful: true });
    expect(await counts(a)).toEqual({ helpful: 2, notHelpful: 0 });
    await voteKbArticle(user.ctx, { articleId: a, helpful: false });
    expect(await counts(a)).toEqual({ helpful: 1, notHelpful: 1 });
    expect(await kbVoteOf(user.ctx, a, undefined)).toBe(false);
    await voteKbArticle(user.ctx, { articleId: a, helpful: null });
    expect(await counts(a)).toEqual({ helpful: 1, notHelpful: 0 });
    expect(await kbVoteOf(user.ctx, a, undefined)).toBeNull();
    expect((await listKbArticlesAdmin(admin.ctx, { q: "vote-user" })).rows[0]!.votes).toEqual({ helpful: 1, notHelpful: 0 });
  });

  it("one vote per anonymous browser (its cookie id, stored hashed); without one the vote is refused", async () => {
    const a = (await createKbArticle(admin.ctx, article({ slug: "vote-anon" }))).id;
    const browser = newKbVisitorId();
    await voteKbArticle(anonCtx(t.db), { articleId: a, helpful: false, visitor: browser });
    await voteKbArticle(anonCtx(t.db), { articleId: a, helpful: true, visitor: browser });
    await voteKbArticle(anonCtx(t.db), { articleId: a, helpful: true, visitor: newKbVisitorId() });
    expect(await counts(a)).toEqual({ helpful: 2, notHelpful: 0 });
    expect(await kbVoteOf(anonCtx(t.db), a, browser)).toBe(true);
    expect(await kbVoteOf(anonCtx(t.db), a, newKbVisitorId())).toBeNull();
    const stored = await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, a));
    expect(stored.map((v) => v.voter).join()).not.toContain(browser);
    expect(stored.every((v) => /^v:[0-9a-f]{64}$/.test(v.voter) && v.userId === null)).toBe(true);
    for (const visitor of [undefined, "", "short", "x".repeat(65), "has space in it, not an id!"]) {
      await expect(voteKbArticle(anonCtx(t.db), { articleId: a, helpful: true, visitor })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "kb_voter_unknown" } });
    }
  });

  it("votes only on what the caller may read; unknown ids are 404", async () => {
    await expect(voteKbArticle(anonCtx(t.db), { articleId: privateId, helpful: true, visitor: newKbVisitorId() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await voteKbArticle(user.ctx, { articleId: privateId, helpful: true });
    for (const articleId of ["00000000-0000-4000-8000-000000000000", "nope"]) await expect(voteKbArticle(user.ctx, { articleId, helpful: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(voteKbArticle(user.ctx, { articleId: privateId, helpful: "yes" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { helpful: "invalid" } } });
  });

  it("anonymous votes are limited per client IP, counted before the article is looked up", async () => {
    const ctx = anonCtx(t.db);
    const vote = (articleId: string) => voteKbArticle(ctx, { articleId, helpful: true, visitor: newKbVisitorId() }).then(() => "ok", (e: { code: string }) => e.code);
    expect(await vote(clashEn)).toBe("ok");
    const misses = [];
    for (let i = 1; i < 60; i++) misses.push(await vote("nope"));
    expect(new Set(misses)).toEqual(new Set(["NOT_FOUND"]));
    expect(await vote(clashEn)).toBe("RATE_LIMITED");
    // A signed-in reader is one vote per article anyway: no limit.
    expect(await voteKbArticle({ ...user.ctx, ip: ctx.ip }, { articleId: clashEn, helpful: true })).toEqual({ helpful: true });
  });

  it("twenty votes of one voter at once, on two connections, leave one row; a deleted account takes its votes along", async () => {
    const a = (await createKbArticle(admin.ctx, article({ slug: "vote-race" }))).id;
    const voter = await makeUser(t.db);
    const rs = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => voteKbArticle(second.on(i, voter.ctx), { articleId: a, helpful: i % 2 === 0 })));
    expect(settledReasons(rs)).toEqual(Array(20).fill("ok"));
    const rows = await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, a));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(voter.id);
    const browser = newKbVisitorId();
    const anon = anonCtx(t.db);
    await Promise.all(Array.from({ length: 10 }, (_, i) => voteKbArticle(second.on(i, anon), { articleId: a, helpful: true, visitor: browser })));
    expect(await counts(a)).toMatchObject({ helpful: expect.any(Number) });
    expect(await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, a))).toHaveLength(2);
    await adminDeleteUser(admin.ctx, voter.id);
    expect(await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, a))).toHaveLength(1);
  });

  it("deleting an article deletes its votes", async () => {
    const a = (await createKbArticle(admin.ctx, article({ slug: "vote-gone" }))).id;
    await voteKbArticle(user.ctx, { articleId: a, helpful: true });
    await deleteKbArticle(admin.ctx, a);
    expect(await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, a))).toEqual([]);
    expect(await t.db.select().from(kbArticles).where(eq(kbArticles.id, a))).toEqual([]);
  });
});

describe("set-up guides for the client catalogue", () => {
  it("names the slugs the reader can open in either language; signed-in-only ones only when signed in", async () => {
    const slugsGiven = ["set-up-clash", "pay-with-alipay", "members-only", "missing", undefined, "Not A Slug"];
    expect([...(await kbGuideSlugs(anonCtx(t.db), slugsGiven))].sort()).toEqual(["pay-with-alipay", "set-up-clash"]);
    expect([...(await kbGuideSlugs(user.ctx, slugsGiven))].sort()).toEqual(["members-only", "pay-with-alipay", "set-up-clash"]);
    expect((await kbGuideSlugs(anonCtx(t.db), [])).size).toBe(0);
  });

  it("keeps an app's guide on the subscription pages only while its reader can open it", async () => {
    const clients = [{ name: "A", guideSlug: "set-up-clash" }, { name: "B", guideSlug: "members-only" }, { name: "C", guideSlug: "gone" }, { name: "D" }];
    expect(await withReadableGuides(anonCtx(t.db), clients)).toEqual([{ name: "A", guideSlug: "set-up-clash" }, { name: "B" }, { name: "C" }, { name: "D" }]);
    expect((await withReadableGuides(user.ctx, clients)).map((c) => c.guideSlug)).toEqual(["set-up-clash", "members-only", undefined, undefined]);
  });
});

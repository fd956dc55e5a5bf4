// The knowledge base through its transports: GET /api/kb/articles and /api/kb/articles/{slug} via
// route() (shapes, public only for anonymous callers, 404s, ETag and cache headers), the page's vote
// action (an anonymous browser gets its cookie once and votes once with it) and the admin actions.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { kbVotes } from "../../src/server/db/schema";
import { createKbArticle, KB_VOTER_COOKIE, saveKbCategory } from "../../src/server/services/kb";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
const jar = vi.hoisted(() => new Map<string, { value: string; options?: Record<string, unknown> }>());
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "relayboard.test" }),
  cookies: async () => ({ get: (k: string) => (jar.has(k) ? { name: k, value: jar.get(k)!.value } : undefined), set: (k: string, value: string, options?: Record<string, unknown>) => void jar.set(k, { value, options }) }),
}));

const { GET: listRoute } = await import("../../src/app/api/kb/articles/route");
const { GET: oneRoute } = await import("../../src/app/api/kb/articles/[slug]/route");
const { voteKbArticleAction } = await import("../../src/app/kb/actions");
const { createKbArticleAction, deleteKbCategoryAction } = await import("../../src/app/admin/kb/actions");

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;
let publicId: string;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  await saveKbCategory(admin.ctx, { slug: "clients", nameEn: "Client apps", nameZh: "客户端" });
  publicId = (await createKbArticle(admin.ctx, { slug: "set-up-clash", locale: "en", title: "Set up Clash", category: "clients", bodyMarkdown: "Import **the** link. <script>x()</script>" })).id;
  await createKbArticle(admin.ctx, { slug: "set-up-clash", locale: "zh-CN", title: "配置 Clash", category: "clients", bodyMarkdown: "导入订阅链接。" });
  await createKbArticle(admin.ctx, { slug: "members", locale: "en", title: "Members only", category: "clients", bodyMarkdown: "Private.", public: false });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both routes, whatever their params
async function call(route: (req: Request, c: { params: Promise<any> }) => Promise<Response>, ctx: Ctx, url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  caller.ctx = ctx;
  const res = await route(new Request(`http://relayboard.test${url}`, { headers: { host: "relayboard.test", ...headers } }), { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe("GET /api/kb/articles", () => {
  it("answers { items: [{ slug, title, category, locale, updatedAt }], total, page, limit }: public ones to anonymous callers, shared-cacheable", async () => {
    const r = await call(listRoute, { ...anonCtx(t.db), locale: "en" }, "/api/kb/articles");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [{ slug: "set-up-clash", title: "Set up Clash", category: "clients", locale: "en", updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }], total: 1, page: 1, limit: 20 });
    expect(r.headers.get("cache-control")).toBe("public, max-age=60");
    expect(r.headers.get("vary")).toBe("Cookie, Accept-Language");
    // The same version again: an empty 304.
    const again = await call(listRoute, { ...anonCtx(t.db), locale: "en" }, "/api/kb/articles", {}, { "if-none-match": r.headers.get("etag")! });
    expect(again).toMatchObject({ status: 304, body: null });
  });

  it("searches in the language asked for, filters by category; a signed-in caller also gets signed-in-only articles, privately", async () => {
    const zh = await call(listRoute, anonCtx(t.db), "/api/kb/articles?q=%E5%AF%BC%E5%85%A5&locale=zh-CN&category=clients");
    expect((zh.body!.items as { slug: string; locale: string }[]).map((i) => `${i.slug}:${i.locale}`)).toEqual(["set-up-clash:zh-CN"]);
    const signedIn = await call(listRoute, { ...user.ctx, locale: "en" }, "/api/kb/articles?q=members");
    expect(signedIn.body).toMatchObject({ total: 1, items: [{ slug: "members", locale: "en" }] });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect((await call(listRoute, anonCtx(t.db), "/api/kb/articles?q=members")).body).toMatchObject({ total: 0, items: [] });
    expect((await call(listRoute, anonCtx(t.db), "/api/kb/articles?q=&category=&locale=&page=1&limit=5")).body).toMatchObject({ total: 1, limit: 5 });
  });

  it("refuses bad parameters with 400 and the field", async () => {
    const r = await call(listRoute, { ...anonCtx(t.db), locale: "en" }, "/api/kb/articles?limit=1000&locale=fr");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code: "VALIDATION", details: { fields: { limit: "too_big", locale: "invalid_choice" } } } });
  });
});

describe("GET /api/kb/articles/{slug}", () => {
  it("answers the article with inert HTML, in the language asked for or the other", async () => {
    const r = await call(oneRoute, { ...anonCtx(t.db), locale: "zh-CN" }, "/api/kb/articles/set-up-clash?locale=en", { slug: "set-up-clash" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      slug: "set-up-clash",
      locale: "en",
      title: "Set up Clash",
      category: "clients",
      categoryName: { en: "Client apps", "zh-CN": "客户端" },
      html: "<p>Import <strong>the</strong> link. &lt;script&gt;x()&lt;/script&gt;</p>\n",
      public: true,
      locales: ["en", "zh-CN"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(r.headers.get("cache-control")).toBe("public, max-age=60");
    expect((await call(oneRoute, { ...anonCtx(t.db), locale: "zh-CN" }, "/api/kb/articles/set-up-clash", { slug: "set-up-clash" })).body).toMatchObject({ locale: "zh-CN", title: "配置 Clash" });
    const etag = r.headers.get("etag")!;
    expect((await call(oneRoute, anonCtx(t.db), "/api/kb/articles/set-up-clash?locale=en", { slug: "set-up-clash" }, { "if-none-match": etag })).status).toBe(304);
  });

  it("is 404 for an unknown slug and, to anonymous callers, for a signed-in-only article; private when signed in", async () => {
    for (const slug of ["members", "nope", "%E4%B8%AD"]) {
      const r = await call(oneRoute, { ...anonCtx(t.db), locale: "en" }, `/api/kb/articles/${slug}`, { slug });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: { code: "NOT_FOUND", message: "No such help article.", details: { reason: "kb_article_not_found" } } });
    }
    const mine = await call(oneRoute, user.ctx, "/api/kb/articles/members", { slug: "members" });
    expect(mine).toMatchObject({ status: 200, body: { public: false, title: "Members only" } });
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("the vote action", () => {
  it("gives an anonymous browser an httpOnly cookie once and counts its votes as one", async () => {
    jar.clear();
    caller.ctx = anonCtx(t.db);
    expect(await voteKbArticleAction(publicId, true)).toEqual({ ok: true, data: { helpful: true } });
    const cookie = jar.get(KB_VOTER_COOKIE)!;
    expect(cookie.options).toMatchObject({ httpOnly: true, path: "/kb", sameSite: "lax" });
    expect(await voteKbArticleAction(publicId, false)).toEqual({ ok: true, data: { helpful: false } });
    expect(jar.get(KB_VOTER_COOKIE)!.value).toBe(cookie.value);
    expect(await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, publicId))).toHaveLength(1);
    // A signed-in reader votes as the account; no cookie is made.
    jar.clear();
    caller.ctx = user.ctx;
    expect(await voteKbArticleAction(publicId, true)).toEqual({ ok: true, data: { helpful: true } });
    expect(jar.has(KB_VOTER_COOKIE)).toBe(false);
    expect(await t.db.select().from(kbVotes).where(eq(kbVotes.articleId, publicId))).toHaveLength(2);
    expect(await voteKbArticleAction(publicId, "yes" as unknown as boolean)).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { helpful: "invalid" } } } });
  });
});

describe("the admin actions", () => {
  it("refuse a user and serve an admin, worded in the caller's language", async () => {
    caller.ctx = user.ctx;
    expect(await createKbArticleAction({ slug: "x", locale: "en", title: "X", category: "clients" })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    caller.ctx = { ...admin.ctx, locale: "zh-CN" };
    expect(await createKbArticleAction({ slug: "x", locale: "en", title: "X", category: "clients" })).toMatchObject({ ok: true, data: { slug: "x", locale: "en", title: "X" } });
    const taken = await createKbArticleAction({ slug: "x", locale: "en", title: "X", category: "clients" });
    expect(taken).toMatchObject({ ok: false, error: { code: "CONFLICT", message: "这个语言下已有使用此地址的文章。", details: { fields: { slug: "taken" } } } });
    expect(await deleteKbCategoryAction("clients")).toMatchObject({ ok: false, error: { code: "CONFLICT", message: "此分类下还有 4 篇文章，请先移走或删除。" } });
  });
});

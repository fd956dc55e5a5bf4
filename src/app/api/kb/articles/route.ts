// GET /api/kb/articles?q=&category=&locale=&page=&limit=: the help center's articles, searched.
// Anonymous callers get public articles only; each article comes once, in `locale` (default: the
// request's language) when written in it, else in the other language.
import { route } from "@/server/http/route";
import { listKbArticles, readsSignedInArticles } from "@/server/services/kb";
import { cachedJson } from "../cached-json";

export const GET = route("anonymous", async ({ req, ctx }) => {
  const r = await listKbArticles(ctx, Object.fromEntries(new URL(req.url).searchParams));
  const items = r.items.map((i) => ({ slug: i.slug, title: i.title, category: i.category, locale: i.locale, updatedAt: i.updatedAt.toISOString() }));
  // A signed-in caller's list may hold signed-in-only articles: never for a shared cache.
  return cachedJson(req, { items, total: r.total, page: r.page, limit: r.limit }, !readsSignedInArticles(ctx));
});

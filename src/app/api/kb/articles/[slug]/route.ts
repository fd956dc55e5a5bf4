// GET /api/kb/articles/{slug}?locale=: one article with its HTML (the announcements' safe renderer).
// 404 for an unknown slug, and for a signed-in-only article to an anonymous caller.
import { route } from "@/server/http/route";
import { getKbArticle } from "@/server/services/kb";
import { cachedJson } from "../../cached-json";

export const GET = route<{ slug: string }>("anonymous", async ({ req, ctx, params }) => {
  const a = await getKbArticle(ctx, { slug: params.slug, locale: new URL(req.url).searchParams.get("locale") ?? undefined });
  const body = {
    slug: a.slug,
    locale: a.locale,
    title: a.title,
    category: a.category,
    categoryName: a.categoryName,
    html: a.html,
    public: a.isPublic,
    locales: a.locales,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
  return cachedJson(req, body, a.isPublic);
});

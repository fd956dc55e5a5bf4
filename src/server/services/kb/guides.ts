// The set-up guides the subscription pages link each client app to (the client catalogue's
// `guideSlug`): only those the reader can open, in either language (/kb/<slug> picks theirs).
import { and, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import { kbArticles } from "../../db/schema";
import { readableBy } from "./access";
import { KB_SLUG } from "./inputs";

/** Which of these slugs name an article the caller may read. One indexed query; none for no slugs. */
export async function kbGuideSlugs(ctx: Ctx, slugs: readonly (string | undefined)[]): Promise<Set<string>> {
  const wanted = [...new Set(slugs.filter((s): s is string => typeof s === "string" && KB_SLUG.test(s)))];
  if (!wanted.length) return new Set();
  const rows = await ctx.db.selectDistinct({ slug: kbArticles.slug }).from(kbArticles).where(and(inArray(kbArticles.slug, wanted), readableBy(ctx)));
  return new Set(rows.map((r) => r.slug));
}

/**
 * The client catalogue as the subscription pages show it to this reader: each app keeps its guide
 * only while the reader can open it (a guide that was deleted or is for signed-in readers is left out).
 */
export async function withReadableGuides<T extends { guideSlug?: string }>(ctx: Ctx, clients: readonly T[]): Promise<T[]> {
  const readable = await kbGuideSlugs(ctx, clients.map((c) => c.guideSlug));
  return clients.map(({ guideSlug, ...c }) => (guideSlug && readable.has(guideSlug) ? ({ ...c, guideSlug } as T) : (c as T)));
}

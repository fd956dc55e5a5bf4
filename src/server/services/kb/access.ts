// Who may read what: public articles are for everyone; the others for signed-in readers (users and
// admins with a session) and the operator. An API token is an integration, not a reader: public only.
import { eq, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import { kbArticles, type KbLocale } from "../../db/schema";
import { DomainError } from "../../errors";

export const kbArticleNotFound = () => new DomainError("NOT_FOUND", "kb_article_not_found");

export function readsSignedInArticles(ctx: Ctx): boolean {
  const a = ctx.actor;
  if (a.kind === "cli" || a.kind === "system") return true;
  return Boolean(a.userId) && (a.kind === "user" || a.kind === "admin");
}

/** The rows the caller may read, as a condition on kb_articles (undefined: every row). */
export const readableBy = (ctx: Ctx): SQL | undefined => (readsSignedInArticles(ctx) ? undefined : eq(kbArticles.isPublic, true));

/** The language the caller reads in when none is asked for: the request's. */
export const readerLocale = (ctx: Ctx, asked?: KbLocale): KbLocale => asked ?? ctx.locale;

/** The other language of the site's two. */
export const otherLocale = (l: KbLocale): KbLocale => (l === "en" ? "zh-CN" : "en");

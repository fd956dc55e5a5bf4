// The knowledge base's endpoints (issue 28 item 4), listed into ROUTES (routes.ts).
import { z } from "zod";
import { KB_SLUG, KbListInput, KbReadInput } from "../services/kb/inputs";
import type { RouteDoc } from "./types";

const cacheNote =
  "Answers `ETag` (a hash of the body): a request sending it in `If-None-Match` gets an empty 304 while nothing changed. " +
  "What every caller reads alike is `Cache-Control: public, max-age=60`; an answer that depends on the session is `private, no-cache`.";
const ifNoneMatch = { name: "If-None-Match", schema: z.string().max(200), description: "The `ETag` of an earlier answer." };

export const KB_ROUTES: RouteDoc[] = [
  {
    method: "get", path: "/api/kb/articles", tag: "Public", summary: "Help center articles, searched", access: "public", sessionOptional: true,
    description:
      "Anonymous callers get public articles only; a session adds the signed-in-only ones. Each article (slug) comes once: in `locale` when written in it, else in the other language (the item's `locale` says which). " +
      "Search: every word must match; English articles are searched stemmed and by prefix (PostgreSQL full-text), Chinese words match anywhere in title and body. " +
      `Without \`q\`, by category order and the articles' sort order; with it, best match first. ${cacheNote}`,
    query: KbListInput,
    headers: [ifNoneMatch],
    success: { status: 200, description: "{ items: [{ slug, title, category, locale, updatedAt }], total, page, limit }" },
    errors: [400],
  },
  {
    method: "get", path: "/api/kb/articles/{slug}", tag: "Public", summary: "One help center article with its HTML", access: "public", sessionOptional: true,
    description: `In \`locale\` (default: the request's language), or the other language when the article exists only there. 404 for an unknown slug, and for a signed-in-only article to a caller without a session. \`html\` comes from the site's Markdown renderer: raw HTML is escaped, images are off, links are http(s), mailto or site paths only. ${cacheNote}`,
    pathParams: { slug: { schema: z.string().regex(KB_SLUG).max(80), description: "The article's address part." } },
    query: KbReadInput.pick({ locale: true }),
    headers: [ifNoneMatch],
    success: { status: 200, description: "{ slug, locale, title, category, categoryName: { en, zh-CN }, html, public, locales[], createdAt, updatedAt }" },
    errors: [404],
  },
];

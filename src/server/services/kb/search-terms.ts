// What a search query matches, as SQL on kb_articles. Every term must match (AND):
// - a word in Latin script (or digits) through the full-text index: English articles stemmed
//   (`english`), Chinese ones as written (`simple`), both as a prefix ("v2ray" finds "v2rayN"). The
//   indexed text has spaces around runs of Chinese characters (schema/kb.ts), so a word written
//   against them ("在iPhone上") is a word of its own;
// - a term of Chinese (or Japanese, Korean) characters as a substring of title and body, since
//   `simple` keeps a whole run of Han characters as one lexeme ("如何导入订阅") and never finds
//   "导入" in it.
// A query typed without spaces ("导入clash") is split the same way. An English stop word ("how",
// "to") has no lexeme and is left out, as PostgreSQL leaves it out of a phrase. Titles weigh more:
// ts_rank's weights (A title, B body) plus a bonus per term in the title. Terms are letters and
// digits only, so no query text ever reaches to_tsquery as syntax.
import { sql, type SQL } from "drizzle-orm";
import { kbArticles } from "../../db/schema";

export const MAX_TERMS = 8;

const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const EAST_ASIAN_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u;

export interface SearchTerm {
  text: string;
  kind: "word" | "cjk";
}

/** The query's terms, lowercased, each once, at most MAX_TERMS; punctuation separates terms. */
export function searchTerms(q: string | undefined): SearchTerm[] {
  const words = (q ?? "").normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const parts = words.flatMap((w) => w.split(EAST_ASIAN_RUN).filter(Boolean));
  return [...new Set(parts)].slice(0, MAX_TERMS).map((text) => ({ text, kind: EAST_ASIAN.test(text) ? "cjk" : "word" }));
}

/** A term as a prefix lexeme for to_tsquery; terms hold letters and digits only, so nothing needs escaping. */
const prefix = (t: SearchTerm) => `'${t.text}':*`;

const a = kbArticles;
const haystack = sql`lower(${a.title} || ' ' || ${a.bodyMarkdown})`;
const contains = (hay: SQL, t: SearchTerm) => sql`strpos(${hay}, ${t.text}) > 0`;
const isEnglish = sql`${a.locale} = 'en'`;

function termMatches(t: SearchTerm): SQL {
  if (t.kind === "cjk") return contains(haystack, t);
  const english = sql`to_tsquery('english', ${prefix(t)})`;
  // Two index conditions OR-ed (a bitmap OR over the GIN index); numnode() = 0 is a stop word, a constant.
  return sql`((${isEnglish} and (${a.search} @@ ${english} or numnode(${english}) = 0)) or (not ${isEnglish} and ${a.search} @@ to_tsquery('simple', ${prefix(t)})))`;
}

/** The condition every term of the query meets (undefined for no terms: everything matches). */
export function matchCondition(terms: SearchTerm[]): SQL | undefined {
  if (!terms.length) return undefined;
  return sql.join(terms.map(termMatches), sql` and `);
}

/** How well a row matches: higher first. 0 for every row when there are no terms. */
export function rankExpression(terms: SearchTerm[]): SQL {
  if (!terms.length) return sql`0::real`;
  const words = terms.filter((t) => t.kind === "word");
  const any = words.map(prefix).join(" | ");
  const fullText = words.length
    ? sql`case when ${isEnglish} then ts_rank(${a.search}, to_tsquery('english', ${any})) else ts_rank(${a.search}, to_tsquery('simple', ${any})) end`
    : sql`0::real`;
  const inTitle = sql.join(
    terms.map((t) => sql`case when ${contains(sql`lower(${a.title})`, t)} then 0.5 else 0 end`),
    sql` + `,
  );
  return sql`(${fullText} + ${inTitle})::real`;
}

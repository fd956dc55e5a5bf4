// "Was this helpful": one vote per article and voter, changeable and withdrawable. A signed-in
// reader votes as their account; an anonymous one as their browser: a random id in an httpOnly
// cookie (set by the page's action), stored only as a keyed hash. An IP hash was the other choice,
// but one carrier-grade NAT address is thousands of readers; a cookie can be cleared to vote again,
// so anonymous votes are also limited per client IP. Counts are for admins (the admin list).
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { kbArticles, kbVotes } from "../../db/schema";
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";
import { DomainError, rateLimited } from "../../errors";
import { getLimiter } from "../../rate-limit/limiter";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { kbArticleNotFound, readableBy } from "./access";
import { KbVoteInput } from "./inputs";

/** The anonymous reader's browser id: an httpOnly cookie on /kb pages only. */
export const KB_VOTER_COOKIE = "rb_kb_voter";
export const KB_VOTER_COOKIE_MAX_AGE = 365 * 24 * 3600;
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;
export const isKbVisitorId = (v: unknown): v is string => typeof v === "string" && VISITOR_ID.test(v);
export const newKbVisitorId = () => randomToken(18);

/** Anonymous votes from one client IP: far more than one person reads, not enough to stuff the counts. */
export const ANONYMOUS_VOTES_PER_IP = { limit: 60, windowSeconds: 60 * 60 };

const HASH_PURPOSE = "kb-voter";

type Voter = { key: string; userId: string | null };

/** The caller's voter keys: their account, or every hash their browser id had (key rotation keeps old votes theirs). */
function voterKeys(ctx: Ctx, visitor: string | undefined): { current: Voter; all: string[] } | null {
  const userId = ctx.actor.userId && (ctx.actor.kind === "user" || ctx.actor.kind === "admin") ? ctx.actor.userId : null;
  if (userId) return { current: { key: `u:${userId}`, userId }, all: [`u:${userId}`] };
  if (!isKbVisitorId(visitor)) return null;
  return { current: { key: `v:${keyedHash(visitor, HASH_PURPOSE)}`, userId: null }, all: keyedHashCandidates(visitor, HASH_PURPOSE).map((h) => `v:${h}`) };
}

async function readableArticle(ctx: Ctx, articleId: string): Promise<string> {
  if (!isUuid(articleId)) throw kbArticleNotFound();
  const [a] = await ctx.db.select({ id: kbArticles.id }).from(kbArticles).where(and(eq(kbArticles.id, articleId), readableBy(ctx)));
  if (!a) throw kbArticleNotFound();
  return a.id;
}

const VoteInput = KbVoteInput.extend({ visitor: z.string().max(200).optional() });

/**
 * Records the caller's vote on an article they may read (404 otherwise), or takes it back (null).
 * Two votes at once from one voter leave one row: the primary key decides, the later one wins.
 */
export async function voteKbArticle(ctx: Ctx, raw: unknown): Promise<{ helpful: boolean | null }> {
  const v = parseInput(VoteInput, raw);
  const keys = voterKeys(ctx, v.visitor);
  if (!keys) throw new DomainError("VALIDATION", "kb_voter_unknown");
  if (!keys.current.userId) {
    if (!ctx.ip) throw new Error("client IP missing");
    const l = ANONYMOUS_VOTES_PER_IP;
    const r = await getLimiter().hit(`kb-vote:ip:${ctx.ip}`, l.limit, l.windowSeconds);
    if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  }
  const articleId = await readableArticle(ctx, v.articleId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // A vote stored under an earlier key's hash stays this browser's: it is changed, not doubled.
    const [earlier] = await tx.select({ voter: kbVotes.voter }).from(kbVotes).where(and(eq(kbVotes.articleId, articleId), inArray(kbVotes.voter, keys.all)));
    const voter = earlier?.voter ?? keys.current.key;
    if (v.helpful === null) {
      await tx.delete(kbVotes).where(and(eq(kbVotes.articleId, articleId), eq(kbVotes.voter, voter)));
      return;
    }
    await tx
      .insert(kbVotes)
      .values({ articleId, voter, userId: keys.current.userId, helpful: v.helpful, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [kbVotes.articleId, kbVotes.voter], set: { helpful: v.helpful, updatedAt: now } });
  });
  return { helpful: v.helpful };
}

/** The caller's own vote on an article (null: none), for the page's buttons. */
export async function kbVoteOf(ctx: Ctx, articleId: string, visitor: string | undefined): Promise<boolean | null> {
  const keys = voterKeys(ctx, visitor);
  if (!keys || !isUuid(articleId)) return null;
  const [row] = await ctx.db.select({ helpful: kbVotes.helpful }).from(kbVotes).where(and(eq(kbVotes.articleId, articleId), inArray(kbVotes.voter, keys.all)));
  return row?.helpful ?? null;
}

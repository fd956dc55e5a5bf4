"use server";
// "Was this helpful" on /kb/<slug>. An anonymous reader votes as this browser: a random id in an
// httpOnly cookie on /kb, made at the first vote (services/kb/votes.ts says why not an IP hash).
import { cookies } from "next/headers";
import { z } from "zod";
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { isKbVisitorId, KB_VOTER_COOKIE, KB_VOTER_COOKIE_MAX_AGE, newKbVisitorId, readsSignedInArticles, voteKbArticle } from "@/server/services/kb";

const Vote = args(["articleId", str], ["helpful", z.boolean().nullable()]);

/** Records (true / false) or takes back (null) the caller's vote; answers the vote now stored. */
export async function voteKbArticleAction(...a: [articleId: string, helpful: boolean | null]) {
  return runAction(Vote, a, async (ctx, [articleId, helpful]) => {
    let visitor: string | undefined;
    if (!readsSignedInArticles(ctx)) {
      const jar = await cookies();
      visitor = jar.get(KB_VOTER_COOKIE)?.value;
      if (!isKbVisitorId(visitor)) {
        visitor = newKbVisitorId();
        jar.set(KB_VOTER_COOKIE, visitor, { path: "/kb", maxAge: KB_VOTER_COOKIE_MAX_AGE, httpOnly: true, sameSite: "lax" });
      }
    }
    return voteKbArticle(ctx, { articleId, helpful, visitor });
  });
}

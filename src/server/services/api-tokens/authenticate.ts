// Authorization header -> the token's caller ({ kind: "token", tokenId, scopes }). A malformed header
// is refused before the database; otherwise one indexed lookup by keyed hash (equality on an HMAC, so
// timing says nothing about any stored token). Unknown, expired and revoked tokens get the same 401.
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { apiTokens } from "../../db/schema";
import { describeError } from "../../describe-error";
import { unauthenticated } from "../../errors";
import { log } from "../../logger";
import { isApiScope } from "./scopes";
import { apiTokenHashCandidates, displayPrefix, isApiTokenShape } from "./token";

const BEARER = /^Bearer +(\S+) *$/i;

/** last_used_at moves at most this often per token: a busy integration must not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiToken(db: Db, authorization: string | null | undefined, now: Date = new Date()): Promise<Actor> {
  if (!authorization?.trim()) throw unauthenticated("api_token_missing");
  const token = BEARER.exec(authorization.trim())?.[1];
  if (!token || !isApiTokenShape(token)) throw unauthenticated("api_token_malformed");
  const [row] = await db
    .select({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(inArray(apiTokens.tokenHash, apiTokenHashCandidates(token)))
    .limit(1);
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) throw unauthenticated("api_token_invalid");
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) await touchLastUsed(db, row.id, now);
  return {
    kind: "token",
    tokenId: row.id,
    // A scope this build no longer knows opens nothing.
    scopes: row.scopes.filter(isApiScope),
    tokenLabel: `${row.name} (${displayPrefix(row.prefix)})`,
  };
}

/**
 * Conditional, so instances that see the same token in the same minute write it once. A failure here
 * must not refuse a request whose token was good: it is logged and the call goes on.
 */
async function touchLastUsed(db: Db, id: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  try {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  } catch (err) {
    log.error("api token last use not recorded", { integration: id, error: describeError(err) });
  }
}

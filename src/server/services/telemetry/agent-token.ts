// Agent tokens: "rbn_" + 43 base64url characters (32 random bytes). The nodes service stores
// keyedHash(token, "agent-token") in nodes.agent_token_hash (unique index), so a request is
// resolved with one indexed lookup and no node's token is ever decrypted to check it (§14.13).
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodes } from "../../db/schema";
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";
import { unauthenticated } from "../../errors";

export const AGENT_TOKEN_PREFIX = "rbn_";
const AGENT_TOKEN_SHAPE = /^rbn_[A-Za-z0-9_-]{43}$/;
const BEARER = /^Bearer +(\S+) *$/i;

/** The stored lookup key of an agent token. */
export const hashAgentToken = (token: string): string => keyedHash(token, "agent-token");

/** A fresh token and its lookup hash; the token itself is shown once and stored only encrypted. */
export function newAgentToken(): { token: string; hash: string } {
  const token = `${AGENT_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, hash: hashAgentToken(token) };
}

export const isAgentTokenShape = (token: string): boolean => AGENT_TOKEN_SHAPE.test(token);

/**
 * Authorization header -> node id. Malformed tokens are refused before touching the database; a
 * revoked token has no hash row any more, so it simply is not found.
 */
export async function resolveAgentNode(db: Db, authorization: string | null | undefined): Promise<string> {
  if (!authorization?.trim()) throw unauthenticated("agent_token_missing");
  const token = BEARER.exec(authorization.trim())?.[1];
  if (!token) throw unauthenticated("agent_token_malformed");
  if (!isAgentTokenShape(token)) throw unauthenticated("agent_token_invalid");
  // Equality on an HMAC: timing reveals nothing about any stored token.
  const [node] = await db.select({ id: nodes.id }).from(nodes).where(inArray(nodes.agentTokenHash, keyedHashCandidates(token, "agent-token"))).limit(1);
  if (!node) throw unauthenticated("agent_token_invalid");
  return node.id;
}

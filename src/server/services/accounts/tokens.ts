// Single-use email links: the raw token goes into the mail, only its keyed hash into the database.
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { emailTokens, type TokenPurpose } from "../../db/schema";

export const TOKEN_TTL_MINUTES: Record<TokenPurpose, number> = { VERIFY_EMAIL: 30, REGISTER: 30, CHANGE_EMAIL: 30, RESET_PASSWORD: 20, SUPPORT_CONTACT: 60, STAFF_INVITE: 7 * 24 * 60 };

/**
 * Issues a token, superseding older unused tokens of the same purpose for the same person, unless
 * `keepOlder` (each support message has its own link: a second message must not void the first).
 */
export async function issueEmailToken(
  db: Db,
  t: { purpose: TokenPurpose; email: string; userId?: string | null; payload?: Record<string, unknown>; now: Date; keepOlder?: boolean },
): Promise<{ token: string; minutes: number }> {
  const scope = t.userId ? eq(emailTokens.userId, t.userId) : eq(emailTokens.email, t.email);
  if (!t.keepOlder) await db.delete(emailTokens).where(and(eq(emailTokens.purpose, t.purpose), scope, isNull(emailTokens.usedAt)));
  const token = randomToken(32);
  const minutes = TOKEN_TTL_MINUTES[t.purpose];
  await db.insert(emailTokens).values({
    purpose: t.purpose,
    email: t.email,
    userId: t.userId ?? null,
    tokenHash: keyedHash(token, "email-token"),
    payload: t.payload ?? {},
    expiresAt: new Date(t.now.getTime() + minutes * 60_000),
  });
  return { token, minutes };
}

const usable = (token: string, purposes: TokenPurpose[], now: Date) =>
  and(inArray(emailTokens.tokenHash, keyedHashCandidates(token, "email-token")), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now), sql`${emailTokens.purpose} in ${purposes}`);

/** Marks the token used if it is valid; the conditional update makes a double click count once. */
export async function consumeEmailToken(db: Db, token: string, purposes: TokenPurpose[], now: Date) {
  const [row] = await db.update(emailTokens).set({ usedAt: now }).where(usable(token, purposes, now)).returning();
  return row;
}

/**
 * Whether the token is valid right now, without using it up: one indexed lookup by keyed hash, so a
 * wrong token can be refused before any expensive work (argon2). Consume it afterwards.
 */
export async function findUsableEmailToken(db: Db, token: string, purposes: TokenPurpose[], now: Date) {
  const [row] = await db.select({ id: emailTokens.id, userId: emailTokens.userId }).from(emailTokens).where(usable(token, purposes, now)).limit(1);
  return row;
}

// WebAuthn challenges waiting for their answer (webauthn_challenges). A challenge lives 5 minutes
// and is used once: it is taken with DELETE ... RETURNING, so of two requests carrying the same
// answer (a replay, or a double submit) exactly one finds it. Registration challenges belong to the
// signed-in user who asked for them; sign-in challenges belong to nobody (the passkey names its user).
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webauthnChallenges, type WebauthnPurpose } from "../../db/schema";
import { DomainError } from "../../errors";

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Stores a challenge the options carry; expired rows of anyone are cleared on the way (indexed on expires_at). */
export async function saveChallenge(db: Db, p: { purpose: WebauthnPurpose; userId: string | null; challenge: string; now: Date }): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, p.now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ purpose: p.purpose, userId: p.userId, challenge: p.challenge, createdAt: p.now, expiresAt: new Date(p.now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes the challenge once: only an unexpired one of this purpose and this owner (null for sign-in).
 * Throws `passkey_challenge_invalid` (with `status`) when there is none: unknown, used, expired,
 * or another user's.
 */
export async function takeChallenge(db: Db, p: { id: string; purpose: WebauthnPurpose; userId: string | null; now: Date; status: "UNAUTHENTICATED" | "VALIDATION" }): Promise<string> {
  const refused = new DomainError(p.status, "passkey_challenge_invalid");
  if (!UUID.test(p.id)) throw refused;
  const owner = p.userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, p.userId);
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, p.id), eq(webauthnChallenges.purpose, p.purpose), owner, gt(webauthnChallenges.expiresAt, p.now)))
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw refused;
  return row.challenge;
}

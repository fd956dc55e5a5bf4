// Recovery codes: the way back in when the authenticator is lost. Shown once, stored only as a
// keyed hash (HMAC under ENCRYPTION_KEY, so a leaked database alone cannot confirm guesses), and
// each one works once: it is spent by a conditional update that only one request can win.
import { randomInt } from "node:crypto";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { keyedHash, keyedHashCandidates } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { recoveryCodes } from "../../db/schema";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o/1/i/l: these get written on paper
const PURPOSE = "recovery-code";

/** "abcde-fghjk": 10 characters from 31, about 49 bits; typed with or without the dash. */
function newCode(): string {
  const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}

const normalize = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Replaces the user's codes with a fresh set and returns them (the only time they are readable). */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: keyedHash(normalize(c), PURPOSE), createdAt: now })));
  return codes;
}

/** Spends one unused code of this user; false when it is unknown or already spent. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const n = normalize(code);
  if (n.length !== 10) return false;
  const r = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, keyedHashCandidates(n, PURPOSE)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return r.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(r?.n ?? 0);
}

// [wallet] Prepaid card codes (behaviour §13): 20 characters of Crockford base32 (100 random bits),
// shown in groups of four. Only a keyed hash of the normalised code is stored (one indexed lookup,
// a purpose of its own) and its last four characters as a hint; the code itself exists once, in the
// answer to the admin who generated it.
import { randomBytes } from "node:crypto";
import { keyedHash, keyedHashCandidates } from "../../crypto/secrets";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CARD_CODE_LENGTH = 20;
const CARD_HASH_PURPOSE = "recharge-card";

/** A fresh code, grouped for reading: XXXX-XXXX-XXXX-XXXX-XXXX. */
export function newCardCode(): string {
  // 256 is a multiple of 32, so each byte's low five bits are uniform: 20 bytes give 100 bits.
  const bytes = randomBytes(CARD_CODE_LENGTH);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]);
  return chars.join("").match(/.{4}/g)!.join("-");
}

/**
 * What a person typed, as the stored code: case, spaces and dashes do not matter, and the letters
 * Crockford reads as digits (O -> 0, I and L -> 1) are read so. Undefined when it cannot be a code.
 */
export function normaliseCardCode(typed: string): string | undefined {
  const s = typed
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (s.length !== CARD_CODE_LENGTH) return undefined;
  for (const ch of s) if (!ALPHABET.includes(ch)) return undefined;
  return s;
}

export const cardCodeHash = (normalised: string) => keyedHash(normalised, CARD_HASH_PURPOSE);
/** The hashes a stored code may have (current and previous encryption keys), for `IN (...)`. */
export const cardCodeHashCandidates = (normalised: string) => keyedHashCandidates(normalised, CARD_HASH_PURPOSE);
export const cardCodeHint = (normalised: string) => normalised.slice(-4);

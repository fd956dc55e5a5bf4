// A gift's one-time code: 144 random bits in base64url (24 characters), carried only by the link in
// the recipient's mail (`/gift/<code>`). The database keeps its keyed hash, looked up under every
// key (keyedHashCandidates), so links keep working after ENCRYPTION_KEY is rotated.
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";

const PURPOSE = "gift-code";
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export function newGiftCode(): { code: string; hash: string } {
  const code = randomToken(18);
  return { code, hash: keyedHash(code, PURPOSE) };
}

/** The hashes to look a typed code up by; none for text that cannot be a code (no query needed). */
export function giftCodeHashes(code: string): string[] {
  return CODE_SHAPE.test(code) ? keyedHashCandidates(code, PURPOSE) : [];
}

/** The claim page's address for a code. */
export const giftPath = (code: string) => `/gift/${code}`;

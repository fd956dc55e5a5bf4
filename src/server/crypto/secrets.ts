// AES-256-GCM for secrets at rest, with the key id inside the ciphertext so keys can rotate:
//   "v1.<kid>.<iv>.<tag>.<ciphertext>" (base64url parts). kid = first 8 hex chars of sha256(key).
// Keyed hashes (HMAC-SHA256) for values that must be looked up (tokens) without decrypting.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../env";

interface Key { id: string; bytes: Buffer }

export function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (bytes.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64");
  return bytes;
}

const keyId = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 8);

let cache: { raw: string; current: Key; all: Map<string, Key> } | undefined;

function keys() {
  const e = env();
  const raw = `${e.ENCRYPTION_KEY}|${e.ENCRYPTION_KEYS_PREVIOUS ?? ""}`;
  if (cache?.raw === raw) return cache;
  const currentBytes = parseKey(e.ENCRYPTION_KEY);
  const current = { id: keyId(currentBytes), bytes: currentBytes };
  const all = new Map<string, Key>([[current.id, current]]);
  for (const old of (e.ENCRYPTION_KEYS_PREVIOUS ?? "").split(",").filter(Boolean)) {
    const b = parseKey(old);
    all.set(keyId(b), { id: keyId(b), bytes: b });
  }
  cache = { raw, current, all };
  return cache;
}

export function encryptSecret(plain: string): string {
  const { current } = keys();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.bytes, iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ["v1", current.id, iv.toString("base64url"), tag.toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptSecret(stored: string): string {
  const [version, kid, iv, tag, ct] = stored.split(".");
  if (version !== "v1" || !kid || !iv || !tag || ct === undefined) throw new Error("Not an encrypted secret");
  const key = keys().all.get(kid);
  if (!key) throw new Error(`Secret was encrypted with unknown key ${kid}; add it to ENCRYPTION_KEYS_PREVIOUS`);
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

export const isEncryptedSecret = (v: string) => /^v1\.[0-9a-f]{8}\./.test(v);

// The per-purpose HMAC key, derived once per (key, purpose): the content endpoint hashes a token on
// every request, and re-deriving the key each time was a measurable part of that.
const derived = new Map<string, Buffer>();
function purposeKey(key: Key, purpose: string): Buffer {
  const id = `${key.id}:${purpose}`;
  let k = derived.get(id);
  if (!k) {
    k = createHash("sha256").update(key.bytes).update(`relayboard:${purpose}`).digest();
    derived.set(id, k);
  }
  return k;
}

const hmac = (key: Key, value: string, purpose: string) => createHmac("sha256", purposeKey(key, purpose)).update(value).digest("hex");

/** HMAC keyed by a key derived from ENCRYPTION_KEY, so a leaked database alone cannot confirm guesses. */
export function keyedHash(value: string, purpose = "lookup"): string {
  return hmac(keys().current, value, purpose);
}

/**
 * The value's hash under the current key and every previous key: look up with `IN (...)` so stored
 * hashes (agent tokens, links) keep working after ENCRYPTION_KEY is rotated.
 */
export function keyedHashCandidates(value: string, purpose = "lookup"): string[] {
  const { current, all } = keys();
  return [current, ...[...all.values()].filter((k) => k.id !== current.id)].map((k) => hmac(k, value, purpose));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  // Compare digests so the length of the secret does not leak through an early return.
  const ha = createHash("sha256").update(ab).digest();
  const hb = createHash("sha256").update(bb).digest();
  return timingSafeEqual(ha, hb) && ab.length === bb.length;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

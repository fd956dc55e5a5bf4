// A TRON address as a wallet checks it: base58 of 0x41 + the 20-byte account id + a 4-byte
// checksum (the first 4 bytes of SHA-256(SHA-256(the 21 bytes)). A pattern alone accepts a
// mistyped address, and every customer's money would then go to an account nobody holds.
import { createHash } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** TRON's mainnet address prefix (the base58 text then starts with T). */
export const TRON_ADDRESS_PREFIX = 0x41;

export type TronAddressProblem = "format" | "checksum" | "prefix";

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const d = ALPHABET.indexOf(ch);
    if (d < 0) return null;
    n = n * 58n + BigInt(d);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== "1") break;
    bytes.unshift(0); // each leading "1" is a leading zero byte
  }
  return Uint8Array.from(bytes);
}

const checksumOf = (payload: Uint8Array) => createHash("sha256").update(createHash("sha256").update(payload).digest()).digest().subarray(0, 4);

/** Null when `address` is a valid TRON address, else what is wrong with it. */
export function tronAddressProblem(address: string): TronAddressProblem | null {
  if (address.length < 26 || address.length > 36) return "format";
  const raw = base58Decode(address);
  if (!raw || raw.length !== 25) return "format";
  const payload = raw.subarray(0, 21);
  if (!Buffer.from(checksumOf(payload)).equals(Buffer.from(raw.subarray(21)))) return "checksum";
  if (payload[0] !== TRON_ADDRESS_PREFIX) return "prefix";
  return null;
}

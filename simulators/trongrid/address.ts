// TRON addresses for the simulator, made the way a wallet makes them (written apart from src/, so
// the service's checksum check is tested against an independent encoder): base58 of a 21-byte
// payload (0x41 + 20 bytes) followed by the first 4 bytes of SHA-256(SHA-256(payload)).
import { createHash, randomBytes } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export function base58check(payload: Uint8Array): string {
  const sum = createHash("sha256").update(createHash("sha256").update(payload).digest()).digest().subarray(0, 4);
  const bytes = Buffer.concat([payload, sum]);
  let n = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A valid mainnet address (prefix 0x41, checksummed) of a random account. */
export function randomTronAddress(): string {
  return base58check(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

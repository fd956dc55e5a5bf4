// Splits report items into request bodies within the server's limits (count and bytes).
export const LIMITS = {
  latency: { items: 50, bytes: 60 * 1024 },
  trace: { items: 10, bytes: 60 * 1024 },
  "node-access": { items: 1000, bytes: 960 * 1024 },
} as const;

/** Consecutive groups of at most maxItems whose JSON stays under maxBytes (a single larger item goes alone). */
export function chunkItems<T>(items: T[], maxItems: number, maxBytes: number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let bytes = 32; // the wrapping object
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (cur.length && (cur.length >= maxItems || bytes + size > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 32;
    }
    cur.push(item);
    bytes += size;
  }
  if (cur.length) out.push(cur);
  return out;
}

// The `subscription` scenario on a `npm run seed:scale` database instead of its own 1,000: the seed
// wrote the id and raw token of every subscription the gate serves to SEED_PAIRS_FILE; the bench
// reads that file (BENCH_SUBSCRIPTION_PAIRS), checks it belongs to this database and key, and sends
// them in a random order. Not part of the product.
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Db } from "../src/server/db/client";
import { subscriptions } from "../src/server/db/schema";
import { keyedHash } from "../src/server/crypto/secrets";
import { DOWNLOAD_TOKEN_PURPOSE } from "../src/server/services/provisioning/provision-order";

export interface Pair { id: string; token: string }

/**
 * `count` pairs of the file (all of them when undefined), shuffled. Throws when the file's first
 * pair is not a subscription of this database whose stored hash matches under this ENCRYPTION_KEY:
 * every request would then be a 404, which measures nothing.
 */
export async function pairsFromSeed(db: Db, file: string, count: number | undefined): Promise<Pair[]> {
  const { pairs } = JSON.parse(readFileSync(file, "utf8")) as { pairs?: Pair[] };
  if (!Array.isArray(pairs) || pairs.length === 0) throw new Error(`${file} holds no pairs: write it with SEED_PAIRS_FILE=${file} npm run seed:scale`);
  if (count !== undefined && !(count >= 1 && count <= pairs.length)) throw new Error(`BENCH_SUBSCRIPTIONS=${count}, but ${file} holds ${pairs.length} servable subscriptions`);
  const [probe] = await db.select({ hash: subscriptions.downloadTokenHash }).from(subscriptions).where(eq(subscriptions.id, pairs[0]!.id));
  if (!probe) throw new Error(`${file} was written for another database (its subscriptions are not in this one)`);
  if (probe.hash !== keyedHash(pairs[0]!.token, DOWNLOAD_TOKEN_PURPOSE)) throw new Error(`${file}'s tokens do not match under this ENCRYPTION_KEY: run the bench with the key the seed used`);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  return count === undefined ? pairs : pairs.slice(0, count);
}

import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

let dummy: Promise<string> | undefined;
/** Verifies, spending the same time on unknown accounts so timing does not reveal which emails exist. */
export async function verifyPassword(stored: string | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("relayboard-timing-equalizer");
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}

import { hash, verify } from "@node-rs/argon2";
import { log } from "../logger";

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

/** @node-rs/argon2 rejects a stored hash it cannot decode (or whose parameters are out of range) as InvalidArg. */
const isInvalidArg = (err: unknown) => typeof err === "object" && err !== null && (err as { code?: unknown }).code === "InvalidArg";

let dummy: Promise<string> | undefined;
/**
 * Verifies, spending the same time on unknown accounts so timing does not reveal which emails exist.
 * A stored hash the library cannot read is not a wrong password: it is logged as an error (the
 * account cannot log in until its password is reset) and answered as a failed check. Any other
 * failure of the library propagates: it is an internal error, not "wrong password".
 */
export async function verifyPassword(stored: string | undefined, plain: string, who: { userId?: string } = {}): Promise<boolean> {
  if (typeof plain !== "string") throw new TypeError("verifyPassword: the password must be a string");
  if (!stored) {
    dummy ??= hashPassword("relayboard-timing-equalizer");
    await verify(await dummy, plain);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch (err) {
    if (!isInvalidArg(err)) throw err;
    // The password is a string, so the invalid argument is the stored hash. Never log the hash itself.
    log.error("stored password hash is malformed; the account cannot log in until its password is reset", {
      userId: who.userId,
      scheme: /^\$([a-z0-9-]{1,12})\$/.exec(stored)?.[1] ?? "unknown", // e.g. "argon2id", "2b"; never the value
      error: (err as Error).message,
    });
    return false;
  }
}

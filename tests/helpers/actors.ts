import { randomInt } from "node:crypto";
import { makeCtx, type Actor, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { adminCreateUser } from "../../src/server/services/accounts";

// Random start: with a shared Redis limiter, test files running in parallel (and runs repeated within
// a rate-limit window) must not land on the same IPs.
let ipCounter = randomInt(0, 1 << 23);
/** A distinct client IP per call, so per-IP rate limits of one test do not leak into another. */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export const cliCtx = (db: Db) => makeCtx(db, { kind: "cli" });
export const anonCtx = (db: Db, ip = freshIp()) => makeCtx(db, { kind: "anonymous" }, { ip });
export const asCtx = (db: Db, actor: Actor) => makeCtx(db, actor, { ip: freshIp() });

let n = 0;
export async function makeUser(db: Db, role: "ADMIN" | "USER" = "USER", email = `u${Date.now()}${n++}@example.com`): Promise<{ ctx: Ctx; id: string; email: string; password: string }> {
  const password = "correct-horse-9";
  const u = await adminCreateUser(cliCtx(db), { email, password, role });
  const ctx = asCtx(db, { kind: role === "ADMIN" ? "admin" : "user", userId: u.id, email: u.email, role });
  return { ctx, id: u.id, email: u.email, password };
}

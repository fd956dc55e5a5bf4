import { randomInt } from "node:crypto";
import { makeCtx, type Actor, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { ALL_PERMISSIONS, permissionsOf, type Permission } from "../../src/server/auth/permissions";
import { staffRoles } from "../../src/server/db/schema";
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
  // Test administrators are owners (every permission), as today's admins became on upgrade.
  const u = await adminCreateUser(cliCtx(db), { email, password, role, ...(role === "ADMIN" ? { staffRole: "owner" } : {}) });
  const actor: Actor = { kind: role === "ADMIN" ? "admin" : "user", userId: u.id, email: u.email, role };
  if (role === "ADMIN") Object.assign(actor, { staffRole: "owner", permissions: ALL_PERMISSIONS });
  const ctx = asCtx(db, actor);
  return { ctx, id: u.id, email: u.email, password };
}

/**
 * A staff member with a built-in role, or with a custom role made of `permissions` (issue 29): the
 * account row as the staff verbs would leave it, and a context whose permissions the session would give.
 */
export async function makeStaff(db: Db, staffRole: string, permissions?: readonly Permission[]): Promise<{ ctx: Ctx; id: string; email: string; password: string }> {
  if (permissions) await db.insert(staffRoles).values({ name: staffRole, permissions: [...permissions] }).onConflictDoUpdate({ target: staffRoles.name, set: { permissions: [...permissions] } });
  const email = `staff${Date.now()}${n++}@example.com`;
  const password = "correct-horse-9";
  const u = await adminCreateUser(cliCtx(db), { email, password, role: "ADMIN", staffRole });
  const ctx = asCtx(db, { kind: "admin", userId: u.id, email, role: "ADMIN", staffRole, permissions: permissionsOf(staffRole, permissions) });
  return { ctx, id: u.id, email, password };
}

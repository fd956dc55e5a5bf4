// What the permission walk's files share (tests/auth/permission-walk-*.test.ts, issue 29): the roles
// walked, and how a refusal for a missing permission looks from each transport.
import type { Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { BUILT_IN_ROLES, permissionsOf, type Permission } from "../../src/server/auth/permissions";
import { makeStaff } from "./actors";

/** The custom role with exactly one permission: a write without its read, so it grants that verb alone. */
export const ONE_PERMISSION: Permission = "tickets.write";

export interface WalkRole { name: string; ctx: Ctx; has: (p: Permission) => boolean }

/**
 * One staff member per role walked: the five built-in roles, a custom role with no permission and a
 * custom role with exactly ONE_PERMISSION. `has` is the role's set as permissions.ts defines it,
 * independent of the context the walk calls with.
 */
export async function makeWalkRoles(db: Db): Promise<WalkRole[]> {
  const roles: [name: string, custom?: readonly Permission[]][] = [...BUILT_IN_ROLES.map((r) => [r] as [string]), ["walk-none", []], ["walk-one", [ONE_PERMISSION]]];
  const out: WalkRole[] = [];
  for (const [name, custom] of roles) {
    const { ctx } = await makeStaff(db, name, custom);
    const set = permissionsOf(name, custom);
    out.push({ name, ctx, has: (p) => set.has(p) });
  }
  return out;
}

type ErrorLike = { code?: string; details?: { reason?: string; permission?: string } } | undefined;

const isRefusal = (e: ErrorLike, permission?: string) =>
  e?.code === "FORBIDDEN" && e.details?.reason === "permission_required" && (permission === undefined || e.details.permission === permission);

/** A Server Action's answer is the refusal for a missing permission (`permission`, when given). */
export function actionRefused(r: unknown, permission?: string): boolean {
  const res = r as { ok?: boolean; error?: ErrorLike } | undefined;
  return res?.ok === false && isRefusal(res.error, permission);
}

/** A thrown error (a service verb's) is the refusal for a missing permission. */
export function errorRefused(err: unknown, permission?: string): boolean {
  return isRefusal(err as ErrorLike, permission);
}

/** A Route Handler's response is the refusal: 403 with the FORBIDDEN body naming the permission. */
export async function responseRefused(res: Response, permission?: string): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res.clone().json().catch(() => ({}))) as { error?: ErrorLike };
  return isRefusal(body.error, permission);
}

/** The permission a refusal names (for messages that say what the code requires). */
export function refusedPermission(r: unknown): string | undefined {
  const res = r as { error?: ErrorLike; details?: { permission?: string } } | undefined;
  return res?.error?.details?.permission ?? res?.details?.permission;
}

// Who is calling, with which database handle, at what time. Every service verb takes one.
import { randomUUID } from "node:crypto";
import type { Db } from "./db/client";
import type { ActorKind } from "./db/schema";
import { forbidden, unauthenticated } from "./errors";
import type { ApiScope } from "./services/api-tokens/scopes";
import type { Permission } from "./auth/permissions";

export interface Actor {
  kind: ActorKind;
  userId?: string;
  email?: string;
  role?: "ADMIN" | "USER";
  nodeId?: string;
  /** The signed-in browser's session row (user_sessions.id), for "this device" in session lists. */
  sessionId?: string;
  /**
   * A risk report was sent to this (non-admin) user: users.riskRestrictedAt, read with the session.
   * The transports refuse everything not marked allowWhileRestricted (auth/risk-restriction.ts).
   */
  riskRestricted?: boolean;
  /** An API token's caller (kind "token"): the token's row, what it may do, and how the audit log names it. */
  tokenId?: string;
  scopes?: string[];
  tokenLabel?: string;
  /** A staff member's role (issue 29): a built-in name or a custom role's name. */
  staffRole?: string;
  /** What that role may do; an admin actor without it may do nothing (fail closed). */
  permissions?: ReadonlySet<Permission>;
}

export interface Ctx {
  db: Db;
  actor: Actor;
  ip?: string;
  requestId: string;
  locale: "zh-CN" | "en";
  now: () => Date;
}

export function makeCtx(db: Db, actor: Actor = { kind: "anonymous" }, extra: Partial<Omit<Ctx, "db" | "actor">> = {}): Ctx {
  return { db, actor, requestId: extra.requestId ?? randomUUID(), locale: extra.locale ?? "zh-CN", now: extra.now ?? (() => new Date()), ip: extra.ip };
}

export function requireUser(ctx: Ctx): { userId: string; role: "ADMIN" | "USER" } {
  if (!ctx.actor.userId || (ctx.actor.kind !== "user" && ctx.actor.kind !== "admin")) throw unauthenticated();
  return { userId: ctx.actor.userId, role: ctx.actor.role ?? "USER" };
}

/**
 * Admin verbs: an admin session whose role grants `permission`, the operator CLI, or the system
 * itself. An API token passes only the verbs that declare a scope, and only with that scope: least
 * privilege is enforced here, in the verb, whichever transport called it.
 */
export function requireAdmin(ctx: Ctx, permission: Permission, scope?: ApiScope): void {
  if (ctx.actor.kind === "cli" || ctx.actor.kind === "system") return;
  if (ctx.actor.kind === "token") {
    if (!scope) throw forbidden("api_token_not_allowed");
    if (!ctx.actor.scopes?.includes(scope)) throw forbidden("token_scope_required", { scope });
    return;
  }
  if (!ctx.actor.userId) throw unauthenticated();
  if (ctx.actor.kind !== "admin" || ctx.actor.role !== "ADMIN") throw forbidden("admin_required");
  if (!ctx.actor.permissions?.has(permission)) throw forbidden("permission_required", { permission });
}

/** Whether the caller may do what `permission` names (for pages and menus that show or hide a part). */
export function hasPermission(ctx: Ctx, permission: Permission): boolean {
  if (ctx.actor.kind === "cli" || ctx.actor.kind === "system") return true;
  return ctx.actor.kind === "admin" && ctx.actor.role === "ADMIN" && Boolean(ctx.actor.permissions?.has(permission));
}

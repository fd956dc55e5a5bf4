// Who is calling, with which database handle, at what time. Every service verb takes one.
import { randomUUID } from "node:crypto";
import type { Db } from "./db/client";
import type { ActorKind } from "./db/schema";
import { forbidden, unauthenticated } from "./errors";

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

/** Admin verbs: an admin session, the operator CLI, or the system itself. */
export function requireAdmin(ctx: Ctx): void {
  if (ctx.actor.kind === "cli" || ctx.actor.kind === "system") return;
  if (!ctx.actor.userId) throw unauthenticated();
  if (ctx.actor.kind !== "admin" || ctx.actor.role !== "ADMIN") throw forbidden("admin_required");
}

// The admin's audit log list: newest first, keyset pages (keyset.ts), a keyword over action,
// target and actor email, and filters by actor, action and date range. The actor and action
// filters walk (actor_id, created_at) and (action, created_at) indexes; the keyword filters a
// backwards walk of created_at (it is a substring search, which no b-tree index answers).
import { eq, ilike, inArray, like, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { ACTOR_KINDS, auditLogs as a, type ActorKind } from "../../db/schema";
import { parseInput } from "../../validation";
import { MAX_EMAIL_MATCHES, usersByEmail } from "../accounts/users-by-email";
import { cursorTextOf, escapeLike, keysetPage, opt, pageFields, rangeConds, rangeIsOrdered, type LogPage } from "./keyset";

/** Users an email prefix may stand for; beyond this the admin is asked to type more. */
export const MAX_ACTOR_MATCHES = MAX_EMAIL_MATCHES;

export const AuditLogListInput = z
  .object({
    q: opt(z.string().trim().max(200)),
    /** An actor's user id, or an email (whole or its beginning). */
    actor: opt(z.string().trim().toLowerCase().max(254)),
    actorKind: opt(z.enum(ACTOR_KINDS)),
    /** An action name ("task.retried"), or its beginning followed by "*" ("logs.*"). */
    action: opt(z.string().trim().max(100)),
    ...pageFields,
  })
  .refine(rangeIsOrdered, { path: ["to"], message: "before_start" });
export type AuditLogListFilter = z.input<typeof AuditLogListInput>;

export interface AuditLogRow {
  id: number;
  createdAt: Date;
  actorKind: ActorKind;
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  metadata: Record<string, unknown>;
}

export interface AuditLogPage extends LogPage<AuditLogRow> {
  /** Users the `actor` email stood for (null without one), and whether that list was cut short. */
  actorMatches: number | null;
  actorsTruncated: boolean;
}

const cols = { createdAt: a.createdAt, id: a.id };

export async function listAuditLogs(ctx: Ctx, raw: unknown = {}): Promise<AuditLogPage> {
  requireAdmin(ctx, "logs.read");
  const f = parseInput(AuditLogListInput, raw);
  const conds: SQL[] = [];
  let actorMatches: number | null = null;
  let actorsTruncated = false;
  if (f.actor) {
    if (z.uuid().safeParse(f.actor).success) conds.push(eq(a.actorId, f.actor));
    else {
      const found = await usersByEmail(ctx.db, f.actor);
      actorMatches = found.ids.length;
      actorsTruncated = found.truncated;
      if (!found.ids.length) return { rows: [], pageSize: f.pageSize, older: null, newer: null, actorMatches: 0, actorsTruncated: false };
      conds.push(found.ids.length === 1 ? eq(a.actorId, found.ids[0]!) : inArray(a.actorId, found.ids));
    }
  }
  if (f.actorKind) conds.push(eq(a.actorKind, f.actorKind));
  if (f.action) conds.push(f.action.endsWith("*") ? like(a.action, `${escapeLike(f.action.slice(0, -1))}%`) : eq(a.action, f.action));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    conds.push(or(ilike(a.action, pattern), ilike(a.actorLabel, pattern), ilike(a.targetType, pattern), ilike(a.targetId, pattern))!);
  }
  conds.push(...rangeConds(cols, f));

  const page = await keysetPage<AuditLogRow>(cols, conds, f, (where, orderBy, limit) =>
    ctx.db
      .select({
        id: a.id,
        cursor: cursorTextOf(cols),
        createdAt: a.createdAt,
        actorKind: a.actorKind,
        actorId: a.actorId,
        actorLabel: a.actorLabel,
        action: a.action,
        targetType: a.targetType,
        targetId: a.targetId,
        ip: a.ip,
        metadata: a.metadata,
      })
      .from(a)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { ...page, actorMatches, actorsTruncated };
}


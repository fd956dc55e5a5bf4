import type { Ctx } from "../../context";
import type { Db } from "../../db/client";
import { auditLogs } from "../../db/schema";
import type { AuditAction, AuditTargetType } from "../../db/schema/audit-actions";

export interface AuditEntry {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  metadata?: Record<string, unknown>;
}

/** Writes the audit row with the caller's db handle, so it commits or rolls back with the change. */
export async function recordAudit(ctx: Ctx, entry: AuditEntry, db: Db = ctx.db): Promise<void> {
  await db.insert(auditLogs).values({
    actorKind: ctx.actor.kind,
    // An API token's call names the token (its id and "name (rb_prefix)"), never the token itself.
    actorId: ctx.actor.userId ?? ctx.actor.tokenId ?? null,
    actorLabel: ctx.actor.email ?? ctx.actor.tokenLabel ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    metadata: entry.metadata ?? {},
    ip: ctx.ip ?? null,
    requestId: ctx.requestId,
  });
}

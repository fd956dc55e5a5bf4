import { and, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLogs } from "../../db/schema";

export async function listAuditLogs(db: Db, opts: { q?: string; page?: number; pageSize?: number } = {}) {
  const pageSize = Math.min(Math.max(opts.pageSize ?? 50, 1), 500);
  const page = Math.max(opts.page ?? 1, 1);
  const conds: SQL[] = [];
  if (opts.q) {
    const like = `%${opts.q.replace(/[%_\\]/g, (c) => "\\" + c)}%`;
    conds.push(or(ilike(auditLogs.action, like), ilike(auditLogs.targetId, like), ilike(auditLogs.actorLabel, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  return { rows, total: count, page, pageSize };
}

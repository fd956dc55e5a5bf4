// GET /api/admin/export/audit-logs: every matching audit row, newest first, streamed page by page
// (keyset on id) so an export of millions of rows never sits in memory.
import { and, desc, ilike, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { auditLogs } from "../../db/schema";
import { log } from "../../logger";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { csvRow } from "./csv";

export const AuditExportInput = z.object({
  q: z.string().trim().max(200).optional().default(""),
  format: z.enum(["csv", "json"]).optional().default("csv"),
});
export type AuditExportFormat = z.infer<typeof AuditExportInput>["format"];

export const AUDIT_EXPORT_PAGE = 1000;
const COLUMNS = ["id", "createdAt", "actorKind", "actorId", "actorLabel", "action", "targetType", "targetId", "ip", "requestId", "metadata"] as const;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function keywordFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const like = likePattern(q);
  return or(ilike(auditLogs.action, like), ilike(auditLogs.actorLabel, like), ilike(auditLogs.targetType, like), ilike(auditLogs.targetId, like));
}

type AuditRow = typeof auditLogs.$inferSelect;

const asRecord = (r: AuditRow) => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  actorKind: r.actorKind,
  actorId: r.actorId,
  actorLabel: r.actorLabel,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  ip: r.ip,
  requestId: r.requestId,
  metadata: r.metadata,
});

export interface AuditExport {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

/** Checks the caller, writes the "export.audit_logs" row, and returns the stream (pulled on demand). */
export async function exportAuditLogs(ctx: Ctx, raw: unknown, opts: { pageSize?: number } = {}): Promise<AuditExport> {
  // A download of the audit log: reading it (logs.read) and taking data out in bulk (exports.run).
  requireAdmin(ctx, "logs.read");
  requireAdmin(ctx, "exports.run");
  const { q, format } = parseInput(AuditExportInput, raw);
  const pageSize = opts.pageSize ?? AUDIT_EXPORT_PAGE;
  await recordAudit(ctx, { action: "export.audit_logs", metadata: { q, format } });

  const filter = keywordFilter(q);
  const encoder = new TextEncoder();
  let cursor: number | undefined;
  let first = true;
  let done = false;

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (done) return;
        const rows = await ctx.db
          .select()
          .from(auditLogs)
          .where(and(filter, cursor === undefined ? undefined : lt(auditLogs.id, cursor)))
          .orderBy(desc(auditLogs.id))
          .limit(pageSize);
        let chunk = "";
        if (first) chunk += format === "csv" ? `\uFEFF${csvRow(COLUMNS)}` : "[";
        for (const r of rows) {
          const rec = asRecord(r);
          chunk += format === "csv" ? csvRow(COLUMNS.map((c) => rec[c])) : `${first ? "\n" : ",\n"}${JSON.stringify(rec)}`;
          first = false;
        }
        if (rows.length < pageSize) {
          done = true;
          if (format === "json") chunk += "\n]\n";
        } else {
          cursor = rows[rows.length - 1]!.id;
        }
        controller.enqueue(encoder.encode(chunk));
        if (done) controller.close();
      } catch (err) {
        // Headers are gone by now: the client sees a cut-off download, the log says why.
        log.error("audit log export failed mid-stream", { requestId: ctx.requestId, error: (err as Error).message });
        controller.error(err);
      }
    },
  });

  const day = ctx.now().toISOString().slice(0, 10);
  return {
    stream,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    fileName: `relayboard-audit-logs-${day}.${format}`,
  };
}

// deleteAdminLogEntry: one log row, by kind and id, in the same transaction as its audit row. The
// delete itself carries the keep rule, so a row that became protected a moment ago (a restriction
// turned on, a task picked up again) is refused rather than removed. Deleting an audit row is
// audited too, so removing evidence leaves evidence.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { deletable, idParam, LOG_TARGET_DEFS, LOG_TARGETS } from "./targets";

const DeleteInput = z.object({ target: z.enum(LOG_TARGETS), id: z.coerce.string().trim().min(1).max(64) });

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const notFound = () => new DomainError("NOT_FOUND", "log_entry_not_found");

export async function deleteAdminLogEntry(ctx: Ctx, raw: unknown): Promise<{ target: string; id: string }> {
  requireAdmin(ctx, "logs.write");
  const { target, id } = parseInput(DeleteInput, raw);
  // The audit log is the record of what staff did: only an owner removes from it (issue 29).
  if (target === "audit") requireAdmin(ctx, "audit.delete");
  const def = LOG_TARGET_DEFS[target];
  const idSql = idParam(def, id);
  if (!idSql) throw notFound();

  return ctx.db.transaction(async (tx) => {
    const gone = rowsOf(await tx.execute(sql`delete from ${def.table} where id = ${idSql} and ${deletable(def)} returning id`));
    if (gone.length === 0) {
      const left = rowsOf(await tx.execute(sql`select 1 from ${def.table} where id = ${idSql}`));
      if (left.length === 0) throw notFound();
      throw conflict(target === "task" ? "log_entry_task_unfinished" : "log_entry_restriction_active");
    }
    await recordAudit(ctx, { action: "logs.entry.deleted", targetType: `log:${target}`, targetId: id }, tx);
    return { target, id };
  });
}

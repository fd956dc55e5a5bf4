// cleanupExpiredAdminLogs: an admin's "delete logs older than N days" for one kind or all of them.
// Batched (purge.ts), never one statement over the whole table; one audit row names the counts.
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { purgeExpiredLogs, type PurgeOptions } from "./purge";
import { LOG_TARGETS, type LogTarget } from "./targets";

const CleanupInput = z.object({
  target: z.enum([...LOG_TARGETS, "all"]),
  cutoffDays: z.coerce.number().int().min(1).max(3650),
});

export type CleanupCounts = Partial<Record<LogTarget, number>>;

/** Every kind named by `target`, oldest-first cut at `before`. Shared with the automatic run. */
export async function purgeTargets(db: Db, target: LogTarget | "all", before: Date, opts: PurgeOptions = {}): Promise<CleanupCounts> {
  const counts: CleanupCounts = {};
  for (const t of target === "all" ? LOG_TARGETS : [target]) counts[t] = (await purgeExpiredLogs(db, t, before, opts)).deleted;
  return counts;
}

export async function cleanupExpiredAdminLogs(
  ctx: Ctx,
  raw: unknown,
  opts: Pick<PurgeOptions, "batchSize"> = {},
): Promise<{ target: LogTarget | "all"; cutoffDays: number; before: string; counts: CleanupCounts }> {
  requireAdmin(ctx, "logs.write");
  const { target, cutoffDays } = parseInput(CleanupInput, raw);
  // Audit rows are the owner's to remove (issue 29); "all" includes them.
  if (target === "audit" || target === "all") requireAdmin(ctx, "audit.delete");
  const before = new Date(ctx.now().getTime() - cutoffDays * 86_400_000);
  const counts = await purgeTargets(ctx.db, target, before, opts);
  await recordAudit(ctx, { action: "logs.cleanup", targetType: "logs", targetId: target, metadata: { cutoffDays, before: before.toISOString(), counts } });
  return { target, cutoffDays, before: before.toISOString(), counts };
}

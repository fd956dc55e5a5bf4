// Periodic cleanup of agent data: answered batch keys after a day, health samples after the log
// retention setting. Deletes run in bounded batches (short statements, short locks) and a run
// stops after a fixed number of them; the next run continues. Safe on every instance at once: two
// instances deleting the same old rows only delete each of them once.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../settings";
import { AGENT_BATCH_TTL_MS } from "./agent-batches";

export interface PruneOptions {
  now?: Date;
  /** Rows per DELETE statement. */
  batchSize?: number;
  /** DELETE statements per run, over both tables. */
  maxStatements?: number;
}

export interface PruneResult { batches: number; metrics: number }

const countOf = async (db: Db, del: SQL): Promise<number> => {
  const r = (await db.execute(sql`with d as (${del} returning 1) select count(*)::int as n from d`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
};

export async function pruneAgentData(db: Db, opts: PruneOptions = {}): Promise<PruneResult> {
  const now = opts.now ?? new Date();
  const size = opts.batchSize ?? 5_000;
  let budget = opts.maxStatements ?? 100;
  const out: PruneResult = { batches: 0, metrics: 0 };

  const keysBefore = new Date(now.getTime() - AGENT_BATCH_TTL_MS).toISOString();
  while (budget-- > 0) {
    const n = await countOf(
      db,
      sql`delete from agent_batches where (node_id, key) in (
        select node_id, key from agent_batches where created_at < ${keysBefore}::timestamptz limit ${size})`,
    );
    out.batches += n;
    if (n < size) break;
  }

  const { logRetentionDays } = await getSettingsWithSecrets(db);
  const samplesBefore = new Date(now.getTime() - logRetentionDays * 86_400_000).toISOString();
  // Per node, so each batch is found through the (node_id, sampled_at) index, not a table scan.
  const nodes = (await db.execute(sql`select id from nodes order by id`)) as unknown as { rows: { id: string }[] };
  for (const { id } of nodes.rows) {
    while (budget > 0) {
      budget--;
      const n = await countOf(
        db,
        sql`delete from node_metrics where id in (
          select id from node_metrics where node_id = ${id}::uuid and sampled_at < ${samplesBefore}::timestamptz limit ${size})`,
      );
      out.metrics += n;
      if (n < size) break;
    }
    if (budget <= 0) break;
  }
  return out;
}

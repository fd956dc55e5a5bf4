// Idempotent agent batches: the agent sends `Idempotency-Key` with each batch and reuses it on every
// retry, so a batch whose answer was lost on the way back is answered again, not counted twice.
// The key's row and the verb's writes share one transaction: they commit together, or neither does
// and a retry processes the batch afresh.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { agentBatches, type AgentReportKind } from "../../db/schema";
import { conflict, isDomainError, validationError } from "../../errors";
import { forgetGeoMarkMemory } from "../risk/geo-marks";
import { kickTasksAfter } from "../tasks";
import { requireAgentNode } from "./access";
import { recordAgentReport, storeBatchAnswer } from "./agent-reports";

const BATCH_KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;
/** Stored answers are kept this long (prune-agent-data.ts); a retry later than that counts again. */
export const AGENT_BATCH_TTL_MS = 24 * 3_600_000;

/** The Idempotency-Key header: null when absent (older agents), 400 when present but malformed. */
export function batchKeyOf(header: string | null | undefined): string | null {
  if (header === null || header === undefined) return null;
  const key = header.trim();
  if (!BATCH_KEY_SHAPE.test(key)) throw validationError("agent_batch_key_malformed");
  return key;
}

export interface BatchRequest {
  kind: AgentReportKind;
  key: string;
  /** The agent's version (User-Agent), null to keep the recorded one. */
  version: string | null;
}

export interface BatchAnswer {
  answer: unknown;
  /** true: the stored answer of an earlier request with this key; the verb did not run. */
  replayed: boolean;
}

/**
 * Runs `verb` once per (node, key). The insert of the key's row takes the row lock, so a second
 * request with the same key waits at its own insert until the first commits and then reads the
 * stored answer. A row whose answer is still null can only be seen across odd timing (the first
 * request still running): 409, to be retried.
 */
export async function answerBatchOnce(ctx: Ctx, batch: BatchRequest, verb: (ctx: Ctx) => Promise<unknown>): Promise<BatchAnswer> {
  const nodeId = requireAgentNode(ctx);
  const at = ctx.now();
  try {
    // Kicks made by the verb (risk events enqueue mail) wait for our commit to be worth anything.
    return await kickTasksAfter(() =>
      ctx.db.transaction(async (tx): Promise<BatchAnswer> => {
        const inserted = await tx
          .insert(agentBatches)
          .values({ nodeId, key: batch.key, kind: batch.kind, createdAt: at })
          .onConflictDoNothing()
          .returning({ key: agentBatches.key });
        if (!inserted.length) {
          const [row] = await tx
            .select({ kind: agentBatches.kind, response: agentBatches.response })
            .from(agentBatches)
            .where(and(eq(agentBatches.nodeId, nodeId), eq(agentBatches.key, batch.key)))
            .limit(1);
          if (!row || row.response === null) throw conflict("agent_batch_in_progress", { retryAfterSeconds: 1 });
          // One key names one batch; the same key on another route is the agent's mistake, not a retry.
          if (row.kind !== batch.kind) throw validationError("agent_batch_key_other_kind", { kind: row.kind });
          // A retry is still a sign of life: the report times move, nothing else does.
          await recordAgentReport(tx, { nodeId, kind: batch.kind, version: batch.version, at });
          return { answer: row.response, replayed: true };
        }
        const answer = await verb({ ...ctx, db: tx });
        await storeBatchAnswer(tx, { nodeId, kind: batch.kind, version: batch.version, at }, batch.key, answer);
        return { answer, replayed: false };
      }),
    );
  } catch (err) {
    // The node-access verb remembers written geo marks per process to skip rewriting them; after an
    // unexpected rollback those marks are not in the database, so the memory must not vouch for them.
    if (batch.kind === "access" && !isDomainError(err)) forgetGeoMarkMemory();
    throw err;
  }
}

// What a node's agent says of itself and when each kind of report last arrived, written once per
// accepted report by the agent route wrapper (one UPDATE, after the verb succeeded).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AgentReportKind } from "../../db/schema";

export const MAX_AGENT_VERSION_CHARS = 40;
// "relayboard-agent/1.2.3" or "relayboard-agent/1.2.3-rc.1+abc (linux)": our agent only. Another
// client's User-Agent says nothing about the agent and must not overwrite what ours reported.
const OUR_AGENT = /^relayboard-agent\/(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)(?:\s|$)/;
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;

/** The version from our agent's User-Agent, cut to the column's width; null for any other client. */
export function agentVersionOf(userAgent: string | null | undefined): string | null {
  const m = OUR_AGENT.exec(userAgent?.trim() ?? "");
  return m ? m[1]!.slice(0, MAX_AGENT_VERSION_CHARS) : null;
}

/** A version the agent wrote into a report body (the metrics sample), held to the same shape. */
export function plainAgentVersion(value: unknown): string | null {
  return typeof value === "string" && VERSION.test(value.trim()) ? value.trim().slice(0, MAX_AGENT_VERSION_CHARS) : null;
}

export interface AgentReportMark {
  nodeId: string;
  kind: AgentReportKind;
  /** null keeps the version already recorded. */
  version: string | null;
  at: Date;
}

/** The SET of the one UPDATE: last report of this kind, last report at all, and the version. */
function reportUpdate(m: AgentReportMark) {
  return sql`update nodes set
      last_agent_report_at = ${m.at.toISOString()}::timestamptz,
      agent_last_reports = agent_last_reports || jsonb_build_object(${m.kind}::text, ${m.at.toISOString()}::text),
      agent_version = coalesce(${m.version}::text, agent_version)
    where id = ${m.nodeId}::uuid`;
}

/** Records an accepted report (one statement). A node deleted meanwhile simply matches no row. */
export async function recordAgentReport(db: Db, m: AgentReportMark): Promise<void> {
  await db.execute(reportUpdate(m));
}

/**
 * Stores a batch's answer and records the report in one statement (one round trip inside the
 * batch's transaction, which is what keeps an idempotent batch cheap on the hot path).
 */
export async function storeBatchAnswer(db: Db, m: AgentReportMark, key: string, answer: unknown): Promise<void> {
  await db.execute(sql`with stored as (
      update agent_batches set response = ${JSON.stringify(answer)}::jsonb where node_id = ${m.nodeId}::uuid and key = ${key}
    )
    ${reportUpdate(m)}`);
}

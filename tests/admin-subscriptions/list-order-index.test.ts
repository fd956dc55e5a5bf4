// The admin subscriptions list pages in `created_at desc, id desc` order: an index must be able to
// give that order, or every page sorts the whole table (bench/README.md, "Dashboards at scale").
// With sequential scans and sorts priced out, the planner shows whether the index can serve it: an
// index in the wrong null order (drizzle's DESC is DESC NULLS LAST) would still need a sort here.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, ready, type TestDb } from "../helpers/db";

let t: TestDb | undefined;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

/** The plan of `query` with sequential scans and sorts priced out (SET LOCAL: this transaction only, on either engine). */
async function plan(query: string): Promise<string> {
  return ready(t).db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    const r = (await tx.execute(sql.raw(`EXPLAIN ${query}`))) as unknown as { rows: { "QUERY PLAN": string }[] };
    return r.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("subscriptions list order", () => {
  it("is read from subscriptions_created_idx, without a sort", async () => {
    const p = await plan("SELECT id FROM subscriptions ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 40");
    expect(p).toContain("subscriptions_created_idx");
    expect(p).not.toMatch(/\bSort\b/);
  });
});

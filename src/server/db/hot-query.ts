// Plain SQL for the few hot paths that run thousands of times a second (the subscription endpoint's
// cold reads): a named, server-side prepared statement on PostgreSQL, and no query builder per call
// (drizzle's builder and row mapping were about 8 % of the endpoint's CPU at 100,000 subscriptions).
import pg from "pg";
import type { Db } from "./client";

type QueryClient = { query: (q: unknown, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** Rows of `text` on this handle (pool, PGlite or a transaction's client); `name` must be unique per text. */
export async function hotRows(db: Db, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const { rows } = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return rows;
}

// Emptying a test database back to the migrated template, for the pools that hand one database to
// the next test file of a worker process (pglite-pool.ts, pg-pool.ts). The template holds no rows in
// its public tables (only drizzle's migration journal), so the template's equal is: the same schema,
// every public table empty, every identity restarted.

type Query = (sql: string) => Promise<Record<string, string>[]>;

/**
 * What the template's shape is made of: namespaces, relations, columns, constraints, indexes,
 * functions, triggers, enum labels and the applied migrations. Equal fingerprints mean no test
 * changed the schema.
 */
const SCHEMA_FINGERPRINT = `
  SELECT md5(string_agg(x, '|' ORDER BY x)) AS fp FROM (
    SELECT 'n:' || nspname AS x FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    UNION ALL SELECT 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'drizzle')
    UNION ALL SELECT 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'c:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'i:' || indexname || ':' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'f:' || p.proname || ':' || md5(p.prosrc) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 't:' || tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT 'e:' || t.typname || ':' || e.enumlabel || ':' || e.enumsortorder FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
    UNION ALL SELECT 'm:' || count(*) || ':' || coalesce(max(hash), '') FROM drizzle.__drizzle_migrations
  ) s`;

export async function schemaFingerprint(query: Query): Promise<string> {
  return (await query(SCHEMA_FINGERPRINT))[0].fp;
}

/**
 * Empties every public table that holds rows and restarts every sequence that was used; false (and
 * nothing done) when the schema is not `schema` any more. Only the tables with rows are truncated:
 * TRUNCATE makes new files for a table and each of its indexes, and doing that for all 64 tables
 * (partitions included) cost more than many test files themselves (0.4 s, then 0.7-1.2 s of CPU per
 * file on PGlite once the access log was partitioned), while a file writes to a handful.
 */
export async function emptyBackToTemplate(query: Query, schema: string): Promise<boolean> {
  if ((await schemaFingerprint(query)) !== schema) return false;
  // Partitioned parents stand for their partitions: reading one reads them all, truncating one empties them all.
  const tables = await query("SELECT quote_ident(relname) AS name, quote_literal(relname) AS lit FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition");
  const withRows = tables.length ? await query(tables.map((t) => `SELECT ${t.lit} AS name WHERE EXISTS (SELECT 1 FROM ${t.name})`).join(" UNION ALL ")) : [];
  if (withRows.length) await query(`TRUNCATE ${withRows.map((t) => quoteIdent(t.name!)).join(", ")} CASCADE`);
  // A sequence reads NULL here until nextval after its (re)start: the used ones, rows kept or not (a rolled-back insert uses one too).
  const used = await query("SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL");
  for (const s of used) await query(`ALTER SEQUENCE ${s.name} RESTART`);
  return true;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

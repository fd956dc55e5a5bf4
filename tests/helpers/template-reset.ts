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

/** Truncates every public table, restarting identities; false (and nothing done) when the schema is not `schema` any more. */
export async function emptyBackToTemplate(query: Query, schema: string): Promise<boolean> {
  if ((await schemaFingerprint(query)) !== schema) return false;
  const tables = await query("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
  if (tables.length) await query(`TRUNCATE ${tables.map((t) => t.name).join(", ")} RESTART IDENTITY CASCADE`);
  return true;
}

// Runs once before Vitest starts its workers: the migrated templates are made here, so parallel
// workers copy them instead of all migrating at once (db-template.ts).
// The teardown drops the PostgreSQL databases the workers kept for reuse (pg-pool.ts).
import { ensurePgliteSnapshot, ensurePgTemplate } from "./db-template";
import { dropRunDatabases } from "./pg-pool";

export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePgTemplate(url);
  else await ensurePgliteSnapshot();
  return async () => {
    if (url) await dropRunDatabases(url, process.pid);
  };
}

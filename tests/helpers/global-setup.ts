// Runs once before Vitest starts its workers: the migrated templates are made here, so parallel
// workers copy them instead of all migrating at once (db-template.ts).
import { ensurePgliteSnapshot, ensurePgTemplate } from "./db-template";

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePgTemplate(url);
  else await ensurePgliteSnapshot();
}

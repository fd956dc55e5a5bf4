// The embedded database's empty cluster, made once by `npm run build` (.next/pglite-template.tar.gz):
// a first start on a new DATA_DIR then unpacks it (a few seconds, under 300 MB) instead of running
// PGlite's initdb inside the service (25 s and a peak of 750-850 MB resident on this machine).
// Made by the PGlite of node_modules, so it always matches the version that opens it: a change of
// package-lock.json makes the whole build stale (build-fingerprint.mjs). src/server/db/client.ts
// uses it; without it (no build, or a failed template) a first start runs initdb as before.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const PGLITE_TEMPLATE = path.join(".next", "pglite-template.tar.gz");

/** Runs initdb in a scratch directory and writes its dump; returns 0 or 1 (after printing why). */
export async function makePgliteTemplate(root) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "relayboard-pglite-template-"));
  const out = path.join(root, PGLITE_TEMPLATE);
  rmSync(out, { force: true });
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(path.join(scratch, "pglite"));
    await db.waitReady;
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    return 0;
  } catch (err) {
    console.error(`making the empty embedded database failed (a first start will run initdb): ${err.message}`);
    return 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Run as a script by build-fingerprint.mjs: in a process of its own, so initdb's peak is not added
// to the build's.
if (process.argv[1] === import.meta.filename) process.exit(await makePgliteTemplate(path.resolve(import.meta.dirname, "..")));

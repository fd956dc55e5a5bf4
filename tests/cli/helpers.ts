// Shared by the CLI tests: run the CLI in-process, or the real bin / a script as a child process.
import { PGlite } from "@electric-sql/pglite";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../../src/server/db/client";
import { PGLITE_EXTENSIONS } from "../../src/server/db/pglite-extensions";
import { afterAll, beforeAll } from "vitest";
import { runCliCaptured } from "../../cli/run-in-service";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { ready, testDbForFile } from "../helpers/db";
import { ensurePgliteSnapshot } from "../helpers/db-template";
import { PASS, seedInbounds, USER } from "../panel/helpers";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(ROOT, "bin", "relayboard.mjs");

export interface Ran { code: number; stdout: string; stderr: string }

export const cli = (db: Db, ...argv: string[]): Promise<Ran> => runCliCaptured(argv, db);

/** Parses stdout as the one JSON document a --json command prints. */
export function json<T = Record<string, unknown>>(r: Ran): T {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** A child environment without the developer's database settings, plus the given overrides. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.NODE_OPTIONS; // vitest's own loader hooks must not leak into the child
  // English unless a test asks otherwise: the CLI words errors in the operator's language (LANG...).
  return { ...base, RELAYBOARD_LANG: "en", ENCRYPTION_KEY: "ab".repeat(32), AUTH_SECRET: "bin-test-auth-secret-0123456789-abcdefghij", ...extra };
}

export function runNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/**
 * A new DATA_DIR whose embedded PGlite already holds the migrated snapshot, for a bin run that is
 * not about migrating: the child then skips initdb and every migration (seconds of CPU each run).
 * DATA_DIR/pglite is where src/server/db/client.ts opens it.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "rb-cli-"));
  const db = new PGlite(path.join(dir, "pglite"), { loadDataDir: new Blob([readFileSync(await ensurePgliteSnapshot())]), extensions: PGLITE_EXTENSIONS });
  await db.waitReady;
  await db.close();
  return dir;
}

/** This file's test database and a 3x-ui simulator (USER / PASS, the seeded inbounds), before its tests; both closed after them. */
export function testDbWithXuiSimulator(): { readonly db: Db; readonly sim: XuiSimulator } {
  const t = testDbForFile();
  let sim: XuiSimulator | undefined;
  beforeAll(async () => {
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds() });
  });
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get db() { return t.db; },
    get sim() { return ready(sim, "the 3x-ui simulator"); },
  };
}

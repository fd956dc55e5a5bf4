// Shared pieces of the backup tests: a dump as a string or a file, a temporary directory.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Db } from "../../src/server/db/client";
import { writeDump } from "../../src/server/services/backup";

export async function dumpText(db: Db, opts: { pageRows?: number; now?: Date } = {}): Promise<string> {
  let out = "";
  await writeDump(db, async (s) => void (out += s), opts);
  return out;
}

/** A private directory for this file's dumps, removed after its tests. */
export function tempDirForFile(): () => Promise<string> {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return async () => (dir ??= await mkdtemp(path.join(tmpdir(), "rb-backup-")));
}

export async function writeTemp(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text, { mode: 0o600 });
  return file;
}

// The runtime half of the rule in scripts/engine-tests.mjs: a file that opens a test database or a
// Redis fixture must be among the files the PostgreSQL + Redis pass runs. Checked in every pass (the
// PGlite pass runs every file), so a file the import rule misses fails loudly instead of silently
// losing its PostgreSQL run.
import path from "node:path";
import { expect, inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Relative to the repository root (vitest.config.ts). */
    engineTestFiles: string[];
  }
}

const root = path.resolve(import.meta.dirname, "../..");

export function assertEngineFile(what: string): void {
  const file = expect.getState().testPath;
  if (!file) throw new Error(`${what} outside a test file`);
  const rel = path.relative(root, file);
  if (!inject("engineTestFiles").includes(rel)) {
    throw new Error(`${rel} ${what}, but scripts/engine-tests.mjs does not find a database or Redis in its imports: the PostgreSQL + Redis pass would leave it out. Import the helper statically (or teach the rule what it missed).`);
  }
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { engineTestFiles, testFiles as allTestFiles } from "./scripts/engine-tests.mjs";

const include = ["tests/**/*.test.ts", "src/**/*.test.ts", "simulators/**/*.test.ts", "cli/**/*.test.ts"];
const exclude = ["e2e/**", "node_modules/**"];

/**
 * Files that need a process of their own: module mocks (vi.mock works only on modules a file loads
 * first), a process-wide database (installDb), environment variables written directly, task
 * handlers, limiters, console and AbortController patches and V8 flags (openRawClient's
 * --liftoff-only) set for good. Every other file shares its worker process
 * with the files before it (isolate: false): modules load once per worker instead of once per file,
 * which was most of the suite's time (import 57 s of 85 s on 37 files), and
 * tests/helpers/process-state.ts empties the process-wide caches before each file. Found by reading
 * the files, so a new file that mocks a module is isolated without a list to keep.
 */
const NEEDS_OWN_PROCESS = /vi\.mock\(|installDb\(|createTestDb\(\{ *install|process\.env\.[A-Z_]+ *= *[^=]|registerTaskHandler\(|registerEventSink\(|setLimiter\(|quietClientAbortsInConsole\(|releaseAbortReasonStacks\(|openRawClient\(|setNotifyRetryDelays\(|setNotifyMoneyStyle\(/;
const root = import.meta.dirname;
const testFiles = allTestFiles(root);
const isolated = testFiles.filter((f) => NEEDS_OWN_PROCESS.test(readFileSync(path.join(root, f), "utf8")));

/**
 * The files whose imports reach a database or Redis (scripts/engine-tests.mjs). With TEST_PASS=engine
 * (the PostgreSQL + Redis pass of scripts/test-all.mjs) only these run: the others run the same code
 * on either engine and ran in the PGlite pass. Every pass gets the list, so tests/helpers/db.ts
 * fails a file that opens a database without being on it (tests/helpers/engine-guard.ts).
 */
const engineFiles = engineTestFiles(root, testFiles);
const enginePass = process.env.TEST_PASS === "engine";
const only = (files: string[]) => (enginePass ? files.filter((f) => engineFiles.includes(f)) : files);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(root, "src") } },
  test: {
    // include/exclude live in the projects only: a project that extends the root adds to its lists.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: one worker on the 2-core CI machine, where
    // most test time is spent waiting (PGlite start-up, PostgreSQL, simulators, real cores). Three
    // files at a time keep both cores busy; CI_VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.CI_VITEST_WORKERS ?? 3),
    setupFiles: ["tests/helpers/setup-env.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    provide: { engineTestFiles: engineFiles },
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include: enginePass ? only(testFiles) : include, exclude: [...exclude, ...isolated] } },
      { extends: true, test: { name: "isolated", isolate: true, include: only(isolated).length ? only(isolated) : ["no-such-file"] } },
    ],
  },
});

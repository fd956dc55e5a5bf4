import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const include = ["tests/**/*.test.ts", "src/**/*.test.ts", "simulators/**/*.test.ts", "cli/**/*.test.ts"];
const exclude = ["e2e/**", "node_modules/**"];

/**
 * Files that need a process of their own: module mocks (vi.mock works only on modules a file loads
 * first), a process-wide database (installDb), environment variables written directly, task
 * handlers, limiters and console patches set for good. Every other file shares its worker process
 * with the files before it (isolate: false): modules load once per worker instead of once per file,
 * which was most of the suite's time (import 57 s of 85 s on 37 files), and
 * tests/helpers/process-state.ts empties the process-wide caches before each file. Found by reading
 * the files, so a new file that mocks a module is isolated without a list to keep.
 */
const NEEDS_OWN_PROCESS = /vi\.mock\(|installDb\(|createTestDb\(\{ *install|process\.env\.[A-Z_]+ *= *[^=]|registerTaskHandler\(|setLimiter\(|quietClientAbortsInConsole\(|setNotifyRetryDelays\(|setNotifyMoneyStyle\(/;
const root = import.meta.dirname;
const testFiles = ["tests", "src", "simulators", "cli"].flatMap((dir) =>
  (readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".test.ts")).map((f) => path.join(dir, f)));
const isolated = testFiles.filter((f) => NEEDS_OWN_PROCESS.test(readFileSync(path.join(root, f), "utf8")));

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
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include, exclude: [...exclude, ...isolated] } },
      { extends: true, test: { name: "isolated", isolate: true, include: isolated.length ? isolated : ["no-such-file"] } },
    ],
  },
});

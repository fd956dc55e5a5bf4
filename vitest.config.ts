import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["tests/**/*.test.ts", "src/**/*.test.ts", "simulators/**/*.test.ts", "cli/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: one worker on the 2-core CI machine, where
    // most test time is spent waiting (PGlite start-up, PostgreSQL, simulators, real cores). Three
    // files at a time keep both cores busy; CI_VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.CI_VITEST_WORKERS ?? 3),
    setupFiles: ["tests/helpers/setup-env.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
  },
});

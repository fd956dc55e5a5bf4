import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium-path.mjs";
import { FIRST_PASS_ONLY, SECOND_PASS_ONLY } from "./e2e/passes";
import { adoptWorkerSlot } from "./e2e/slots";

// The servers are started by e2e/global-setup.ts, one per worker (each with a real SMTP simulator
// beside it), on the database that scripts/test-all.mjs chose (PGlite in a temp DATA_DIR, or
// databases on E2E_DATABASE_URL's server). A worker process loads this file too: adoptWorkerSlot
// points it at its own server before baseURL is read.
adoptWorkerSlot();
const port = Number(process.env.E2E_PORT ?? 3123);
/** What a pass leaves out: the other pass's own specs. */
const PASS_ONLY: Record<string, Record<string, string>> = { first: SECOND_PASS_ONLY, second: FIRST_PASS_ONLY };

export default defineConfig({
  testDir: "./e2e",
  // Each pass of `npm test` (E2E_PASS=first on PGlite, second on PostgreSQL + Redis) leaves out the
  // other pass's own specs (e2e/passes.ts says which and why). Without E2E_PASS every spec can run.
  testIgnore: Object.keys(PASS_ONLY[process.env.E2E_PASS ?? ""] ?? {}).map((f) => `**/${f}`),
  reporter: "list",
  // Files spread over the workers; a file's tests stay together in order (most share a beforeAll).
  // One worker waits on pages most of its time (a third of the two cores busy): three keep them busy.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  // Limits that catch a hang, not a slow machine: every step awaits the state it needs, and on two
  // busy cores (three workers, and another build or browser run beside CI) a long flow took 3.5 times
  // its quiet time (notifications.spec.ts: 35 s in a normal run, over 120 s beside a second browser run).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
});

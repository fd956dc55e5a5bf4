import { defineConfig } from "@playwright/test";

// The server is started by e2e/global-setup.ts (with a real SMTP simulator beside it), on the
// database that scripts/test-all.mjs chose (PGlite in a temp DATA_DIR, or E2E_DATABASE_URL).
const port = Number(process.env.E2E_PORT ?? 3123);

export default defineConfig({
  testDir: "./e2e",
  reporter: "list",
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
});

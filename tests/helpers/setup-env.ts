// Every test file gets a fixed, throwaway configuration (its own DATA_DIR and keys) and, when it
// shares a worker process with files before it, empty process-wide caches (process-state.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, setEnvForProcess } from "../../src/server/env";
import { resetProcessState } from "./process-state";

const dataDir = mkdtempSync(path.join(tmpdir(), "relayboard-test-"));
setEnvForProcess(
  parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0123456789",
    ENCRYPTION_KEY: "0".repeat(63) + "1",
    REDIS_URL: process.env.TEST_REDIS_URL,
    LOG_LEVEL: "error",
    APP_URL: "http://relayboard.test",
    EDITION: (process.env.TEST_EDITION as "base" | "wallet" | undefined) ?? "base",
  }),
);
resetProcessState();

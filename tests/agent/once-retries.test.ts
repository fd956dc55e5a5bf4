// `onceRetries` (RELAYBOARD_ONCE_RETRIES): how many delivery retries `--once` makes before it leaves
// the rest queued and exits 1. Read from the file and the environment, checked, and obeyed.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, EXIT } from "../../agent/src/agent";
import { manualClock } from "../../agent/src/clock";
import { ConfigError, loadConfig } from "../../agent/src/config";
import type { PostFn } from "../../agent/src/delivery/http-post";
import { memoryLogger } from "../../agent/src/log";
import { readStatus } from "../../agent/src/status-command";
import { tempDir, xrayLine } from "./helpers";

const TOKEN = `rbn_${"a".repeat(43)}`;
const base = { RELAYBOARD_SERVER_URL: "https://board.example.com", RELAYBOARD_AGENT_TOKEN: TOKEN, RELAYBOARD_STATE_DIR: "/var/lib/rb" };

describe("onceRetries", () => {
  it("defaults to 3, is read from the file and the environment (which wins)", () => {
    expect(loadConfig({ env: base }).config.onceRetries).toBe(3);
    const readText = () => JSON.stringify({ onceRetries: 5 });
    expect(loadConfig({ env: base, configPath: "/c.json", readText }).config.onceRetries).toBe(5);
    expect(loadConfig({ env: { ...base, RELAYBOARD_ONCE_RETRIES: "0" }, configPath: "/c.json", readText }).config.onceRetries).toBe(0);
  });

  it.each(["11", "-1", "two"])("refuses %s", (value) => {
    const err = (() => {
      try {
        loadConfig({ env: { ...base, RELAYBOARD_ONCE_RETRIES: value } });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([expect.stringContaining("onceRetries (RELAYBOARD_ONCE_RETRIES) must be a whole number from 0 to 10")]);
  });

  it.each([
    [0, 1],
    [2, 3],
  ])("with %i retries, --once against an unreachable server tries %i times, exits 1 and keeps the batch", async (retries, attempts) => {
    const dir = tempDir();
    const logFile = path.join(dir, "access.log");
    writeFileSync(logFile, `${xrayLine(1)}\n`);
    const { config } = loadConfig({
      env: {
        ...base,
        RELAYBOARD_STATE_DIR: path.join(dir, "state"),
        RELAYBOARD_ACCESS_LOG: logFile,
        RELAYBOARD_ACCESS_LOG_START: "start",
        RELAYBOARD_METRICS_INTERVAL: "0",
        RELAYBOARD_ONCE_RETRIES: String(retries),
      },
    });
    const keys: string[] = [];
    const post: PostFn = async (_url, init) => {
      keys.push(init.idempotencyKey);
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    };
    const clock = manualClock();
    const agent = new Agent({ config, log: memoryLogger(), clock, post, random: () => 0 });
    await agent.open();
    expect(await agent.runOnce()).toBe(EXIT.failed);
    await agent.close();
    expect(keys).toHaveLength(attempts);
    expect(new Set(keys).size).toBe(1);
    expect(clock.slept).toHaveLength(retries);
    expect((await readStatus(config.stateDir)).queue.batches).toBe(1);
  });
});

// CI prints where its time went: a table of phases (including those .ci/run timed before npm test)
// and the slowest files of each runner, read from the runners' JSON reports.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cpuBusyPercent, cpuSample, earlierPhases, fmt, phaseTable, playwrightFileTimes, slowest, vitestFileTimes } from "../../scripts/ci-timing.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "ci-timing-"));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
};

describe("CI timing", () => {
  it("reads the phases .ci/run timed and prints them with a total, marking a failed one", () => {
    const phases = [...earlierPhases("system packages=2;npm ci=63;"), { title: "browser tests (PGlite)", seconds: 919.6, failed: true }];
    expect(phases.slice(0, 2)).toEqual([{ title: "system packages", seconds: 2 }, { title: "npm ci", seconds: 63 }]);
    const table = phaseTable(phases).split("\n");
    expect(table[2]).toMatch(/^npm ci +1m03s$/);
    expect(table[3]).toMatch(/^browser tests \(PGlite\) +15m20s {2}FAILED$/);
    expect(table[4]).toMatch(/^total +16m25s$/);
    expect(earlierPhases(undefined)).toEqual([]);
  });

  it("shows each phase's share of busy CPU, and the run's own wall time when phases overlapped", () => {
    const table = phaseTable([{ title: "lint", seconds: 100, cpu: 97 }, { title: "npm ci", seconds: 50 }, { title: "browser", seconds: 600, cpu: 55, failed: true }], 620).split("\n");
    expect(table[0]).toMatch(/^phase +wall +CPU$/);
    expect(table[1]).toMatch(/^lint +1m40s +97%$/);
    expect(table[2]).toMatch(/^npm ci +0m50s +-$/);
    expect(table[3]).toMatch(/^browser +10m00s +55% {2}FAILED$/);
    expect(table[4]).toMatch(/^total +10m20s$/);
  });

  it("reads the busy share of all cores from /proc/stat counters", () => {
    const stat = (user: number, idle: number) => () => `cpu  ${user} 0 0 ${idle} 0 0 0 0 0 0\ncpu0 1 2 3 4\n`;
    const from = cpuSample(stat(100, 100));
    const to = cpuSample(stat(175, 125));
    expect(from).toEqual({ busy: 100, total: 200 });
    expect(cpuBusyPercent(from, to)).toBe(75);
    expect(cpuBusyPercent(to, to)).toBeUndefined();
    expect(cpuSample(() => { throw new Error("no /proc"); })).toBeUndefined();
  });

  it("never prints 60 seconds", () => {
    expect(fmt(59.6)).toBe("1m00s");
    expect(fmt(119.5)).toBe("2m00s");
  });

  it("ranks Vitest files by wall time", () => {
    const file = write("vitest.json", { testResults: [
      { name: "/r/tests/a.test.ts", startTime: 1000, endTime: 3000 },
      { name: "/r/tests/b.test.ts", startTime: 1000, endTime: 9000 },
      { name: "/r/tests/c.test.ts", startTime: 0, endTime: 500 },
    ] });
    expect(slowest(vitestFileTimes(file), 2)).toEqual([{ file: "/r/tests/b.test.ts", seconds: 8 }, { file: "/r/tests/a.test.ts", seconds: 2 }]);
  });

  it("sums Playwright runs (retries and nested describes included) per spec file", () => {
    const run = (ms: number) => ({ tests: [{ results: [{ duration: ms }] }] });
    const file = write("pw.json", { suites: [
      { file: "purchase.spec.ts", specs: [run(4000)], suites: [{ title: "nested", specs: [run(1000), { tests: [{ results: [{ duration: 500 }, { duration: 500 }] }] }] }] },
      { file: "store.spec.ts", specs: [run(2000)] },
    ] });
    expect(slowest(playwrightFileTimes(file))).toEqual([{ file: "purchase.spec.ts", seconds: 6 }, { file: "store.spec.ts", seconds: 2 }]);
  });

  it("a missing or half-written report gives no rows rather than failing the summary", () => {
    expect(vitestFileTimes(path.join(dir, "absent.json"))).toEqual([]);
    expect(playwrightFileTimes(write("half.json", "{\"suites\": ["))).toEqual([]);
  });
});

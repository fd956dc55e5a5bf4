// CI prints where its time went: a table of phases (including those .ci/run timed before npm test)
// and the slowest files of each runner, read from the runners' JSON reports.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { earlierPhases, fmt, phaseTable, playwrightFileTimes, slowest, vitestFileTimes } from "../../scripts/ci-timing.mjs";

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

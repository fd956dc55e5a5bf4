// Where CI's time goes: a wall-time line per phase as it ends, and at the end a table of all phases
// plus the slowest test files of each runner (read from the runners' JSON reports), so a slower CI
// points at its cause instead of only at its total.
import { existsSync, readFileSync } from "node:fs";

/** Phases timed before `npm test` started (.ci/run passes "name=seconds;name=seconds"). */
export function earlierPhases(spec) {
  if (!spec) return [];
  return spec.split(";").filter(Boolean).map((part) => {
    const i = part.lastIndexOf("=");
    return { title: part.slice(0, i), seconds: Number(part.slice(i + 1)) };
  }).filter((p) => p.title && Number.isFinite(p.seconds));
}

export function fmt(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, "0")}s`;
}

/**
 * The machine's CPU counters (Linux /proc/stat, all cores): busy and total jiffies. A phase's share
 * of busy time says whether it waits (room to run something beside it) or computes (only less work
 * makes it faster). Undefined where /proc/stat is absent.
 */
export function cpuSample(read = () => readFileSync("/proc/stat", "utf8")) {
  let line;
  try {
    line = read().split("\n").find((l) => l.startsWith("cpu "));
  } catch {
    return undefined;
  }
  if (!line) return undefined;
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** Percent of all cores busy between two samples (rounded), or undefined. */
export function cpuBusyPercent(from, to) {
  if (!from || !to || to.total <= from.total) return undefined;
  return Math.round((100 * (to.busy - from.busy)) / (to.total - from.total));
}

/**
 * One row per phase, then the total. `wallSeconds`, when given, is the run's own wall time: phases
 * that ran side by side overlap, so their sum would overstate it.
 */
export function phaseTable(phases, wallSeconds) {
  const width = Math.max(...phases.map((p) => p.title.length), 5);
  const total = wallSeconds ?? phases.reduce((s, p) => s + p.seconds, 0);
  const withCpu = phases.some((p) => p.cpu !== undefined);
  const cpu = (p) => (withCpu ? `  ${(p.cpu === undefined ? "-" : `${p.cpu}%`).padStart(4)}` : "");
  const rows = phases.map((p) => `${p.title.padEnd(width)}  ${fmt(p.seconds).padStart(7)}${cpu(p)}${p.failed ? "  FAILED" : ""}`);
  const head = `${"phase".padEnd(width)}  ${"wall".padStart(7)}${withCpu ? `  ${"CPU".padStart(4)}` : ""}`;
  return [head, ...rows, `${"total".padEnd(width)}  ${fmt(total).padStart(7)}`].join("\n");
}

/** Vitest's JSON reporter: one entry per file with its start and end (ms). */
export function vitestFileTimes(file) {
  const report = readReport(file);
  return (report?.testResults ?? []).map((r) => ({ file: r.name, seconds: (r.endTime - r.startTime) / 1000 }));
}

/** Playwright's JSON reporter: suites per file; a file's time is the sum of its tests' runs (one worker). */
export function playwrightFileTimes(file) {
  const report = readReport(file);
  const times = new Map();
  const walk = (suite, fileName) => {
    const name = suite.file ?? fileName;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) times.set(name, (times.get(name) ?? 0) + (result.duration ?? 0) / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...times].map(([f, seconds]) => ({ file: f, seconds }));
}

export function slowest(times, n = 15) {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

function readReport(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined; // a runner killed mid-write leaves half a file: the phase table still prints
  }
}

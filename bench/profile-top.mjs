// Summarises a V8 .cpuprofile (BENCH_CPU_PROF) without DevTools: the functions with the most self
// time, and self time added up per source file and per npm package, as shares of all samples.
// Usage: node bench/profile-top.mjs <file.cpuprofile> [rows=25] [--last <seconds>]
// --last: only the profile's last seconds (the measured scenario, without start-up and warm-up), and
// then also the time spent inside each of our functions with what they call (inclusive).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const lastAt = args.indexOf("--last");
const lastSeconds = lastAt >= 0 ? Number(args.splice(lastAt, 2)[1]) : 0;
const [file, rowsArg] = args;
if (!file) {
  console.error("usage: node bench/profile-top.mjs <file.cpuprofile> [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));

// Sample times: timeDeltas[i] is the time since sample i-1 (microseconds).
let at = profile.startTime;
const times = profile.timeDeltas.map((d) => (at += d));
const from = lastSeconds > 0 ? profile.endTime - lastSeconds * 1e6 : -Infinity;
const samples = profile.samples.filter((_, i) => times[i] >= from);

// Self time per node: samples name the node that was on top of the stack at each tick.
const selfTicks = new Map();
for (const id of samples) selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);
const total = samples.length;

const byFunction = new Map();
const byFile = new Map();
const byPackage = new Map();
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);

for (const node of profile.nodes) {
  const n = selfTicks.get(node.id) ?? 0;
  if (!n) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "") : "(native)";
  add(byFunction, `${functionName || "(anonymous)"}  ${where}:${lineNumber + 1}`, n);
  add(byFile, where, n);
  add(byPackage, packageOf(where, functionName), n);
}

function packageOf(where, fn) {
  if (where === "(native)") return fn.startsWith("(") ? fn : "(native)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (m) return m[1];
  if (where.startsWith("node:")) return "node:internal";
  return "(ours) " + where.split("/").slice(0, 2).join("/");
}

const pct = (n) => `${((n / total) * 100).toFixed(1).padStart(5)} %`;
function print(title, map) {
  console.log(`\n${title}`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`  ${pct(n)}  ${key}`);
}
console.log(`${total} samples, ${lastSeconds > 0 ? `the last ${lastSeconds} s of ` : ""}${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print("self time by package", byPackage);
print("self time by file", byFile);
print("self time by function", byFunction);

// Inclusive time of our own functions (a function counted once per sample however deep it recurses).
if (lastSeconds > 0) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map();
  for (const [id, n] of selfTicks) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const { functionName, url, lineNumber } = byId.get(cur).callFrame;
      if (!url || url.includes("node_modules") || url.startsWith("node:")) continue;
      const key = `${functionName || "(anonymous)"}  ${url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "")}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, n);
    }
  }
  print("our functions, inclusive time", inclusive);
}

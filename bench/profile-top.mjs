// Summarises a V8 .cpuprofile (BENCH_CPU_PROF) without DevTools: the functions with the most self
// time, and self time added up per source file and per npm package, as shares of all samples.
// Usage: node bench/profile-top.mjs <file.cpuprofile> [rows=25]
import { readFileSync } from "node:fs";

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-top.mjs <file.cpuprofile> [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));

// Self time per node: samples name the node that was on top of the stack at each tick.
const selfTicks = new Map();
for (const id of profile.samples) selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);
const total = profile.samples.length;

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
console.log(`${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print("self time by package", byPackage);
print("self time by file", byFile);
print("self time by function", byFunction);

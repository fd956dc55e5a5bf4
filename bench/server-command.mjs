// How the bench starts the server under test: as production does (`npm start`: the compiled bundle,
// scripts/server-bundle.mjs, under the same V8 heap limit), or from source through tsx with BENCH_SERVER=source, to compare the two.
import path from "node:path";
import { bundleIsCurrent, SERVER_BUNDLE } from "../scripts/server-bundle.mjs";

/**
 * The allocator settings `npm start` gives the server (package.json), over the bench's environment
 * (values set there win, as an operator's do). glibc's malloc otherwise keeps an arena per thread
 * that allocated (up to 8 per core) and raises its mmap threshold after each large free, so memory
 * the process has freed stays resident (issue 25).
 */
export function benchServerEnv(env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2", MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || "131072" };
}

/** Node's arguments for the server process; exits with a message when the bundle is missing or stale. */
export function benchServerArgs(root) {
  return [...cpuProfileArgs(), ...serverEntry(root)];
}

/**
 * BENCH_CPU_PROF=<dir>: V8's sampling profile of the server, written to <dir> when it exits after
 * the run's SIGTERM (open the .cpuprofile in Chrome DevTools). Node refuses --cpu-prof in
 * NODE_OPTIONS, so the bench passes it itself.
 */
function cpuProfileArgs() {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

function serverEntry(root) {
  if (process.env.BENCH_SERVER === "source") return ["--import", "tsx", "src/server/main.ts"];
  if (!bundleIsCurrent(root)) {
    console.error(`bench: ${SERVER_BUNDLE} is missing or older than the sources. Run \`npm run build\` first (or BENCH_SERVER=source).`);
    process.exit(2);
  }
  // The heap limit `npm start` sets (package.json), so the bench measures the memory production sees.
  return [`--max-old-space-size=${process.env.MAX_HEAP_MB || 256}`, path.join(root, SERVER_BUNDLE)];
}

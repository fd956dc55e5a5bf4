// Which Vitest files the second pass of `npm test` (PostgreSQL + Redis) runs: every file that can
// reach a database, Redis or a child process (the CLI or the server, which open one), found by
// following its imports, not by a list to keep. A file whose imports, followed through every
// relative, "@/" and dynamic import, never reach one of those runs the same code on either engine:
// it runs in the PGlite pass only (CI time: the second pass re-ran all ~270 files). The rule errs
// towards running a file twice: any mention of a database or Redis variable counts, as does any
// module that imports pg, PGlite, ioredis or child_process. tests/ci/engine-tests.test.ts checks the
// rule, and tests/helpers/engine-guard.ts fails a PGlite-pass file that leases a test database
// without being on the list, so a file this rule misses cannot silently lose its PostgreSQL run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Text that makes a module engine-dependent by itself. In the app (src/), only Redis: its database
 * in a Vitest process is always the embedded one (tests/helpers/setup-env.ts gives it no
 * DATABASE_URL), and the PostgreSQL pass differs only where a test opens a database of its own
 * (tests/helpers/db.ts reads TEST_DATABASE_URL) or Redis is configured (setup-env passes
 * TEST_REDIS_URL as REDIS_URL, read by the modules that import ioredis). Outside src/, any database
 * or Redis variable, driver or child process (a CLI or server it starts may be handed a database).
 */
const APP_MARK = /["']ioredis["']|\.REDIS_URL\b/;
const TEST_SIDE_MARK = /DATABASE_URL|REDIS_URL|["'](?:pg|@electric-sql\/pglite[^"']*|ioredis|(?:node:)?child_process)["']/;
export const engineMark = (root, file, text) => (path.relative(root, file).startsWith(`src${path.sep}`) && !file.endsWith(".test.ts") ? APP_MARK : TEST_SIDE_MARK).test(text);
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.mock\(\s*)["']([^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs", "/index.js"];

/** The file an import names, or undefined for a package (packages are judged by engineMark). */
function resolve(root, from, spec) {
  let base;
  if (spec.startsWith("@/")) base = path.join(root, "src", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  const candidates = [base, base.replace(/\.(m?js)$/, (_, e) => (e === "mjs" ? ".mts" : ".ts"))];
  for (const c of candidates) for (const ext of EXTENSIONS) if (existsSync(c + ext) && statSync(c + ext).isFile()) return c + ext;
  return undefined;
}

/** Whether `file` (absolute) or anything it imports, transitively, is engine-dependent. */
export function reachesEngine(root, file, memo = new Map()) {
  const seen = new Set();
  const stack = [file];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    if (memo.get(f) === true) return true;
    const text = readFileSync(f, "utf8");
    if (engineMark(root, f, text)) {
      memo.set(f, true);
      return true;
    }
    for (const m of text.matchAll(IMPORT)) {
      const next = resolve(root, f, m[1]);
      if (next && !seen.has(next)) stack.push(next);
    }
  }
  return false;
}

/** Every test file under the suite's folders, relative to root. */
export function testFiles(root) {
  return ["tests", "src", "simulators", "cli"].filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".test.ts")).map((f) => path.join(dir, f)));
}

/** The test files (relative to root) the PostgreSQL + Redis pass runs. */
export function engineTestFiles(root, files = testFiles(root)) {
  const memo = new Map();
  return files.filter((f) => reachesEngine(root, path.join(root, f), memo));
}

// The custom server and the operator CLI, compiled once by `npm run build` (after `next build`) into
// plain JavaScript under .next/relayboard/, so production runs `node .next/relayboard/server.mjs`
// instead of compiling TypeScript at every start through tsx's loader (a second V8 isolate for the
// loader thread, the esbuild service, source maps held in memory: issue 25, bounded memory).
// Only our own sources are compiled in; every package stays an import from node_modules, exactly as
// under tsx, so both ways of running load the same dependency code.
// bin/relayboard.mjs and `npm start` use a bundle only while its inputs are unchanged (inputs.json:
// size and mtime of each source file it was built from); otherwise the CLI falls back to source.
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const BUNDLE_DIR = path.join(".next", "relayboard");
export const SERVER_BUNDLE = path.join(BUNDLE_DIR, "server.mjs");
export const CLI_BUNDLE = path.join(BUNDLE_DIR, "cli.mjs");
const INPUTS_FILE = path.join(BUNDLE_DIR, "inputs.json");
const MIGRATIONS = path.join("src", "server", "db", "migrations");

const ENTRIES = { server: "src/server/main.ts", cli: "cli/main.ts" };

/** Compiles both entries with esbuild; returns 0 or 1 (after printing why). */
export function bundleServer(root) {
  const out = path.join(root, BUNDLE_DIR);
  rmSync(out, { recursive: true, force: true });
  // Loaded here, not at the top: bin/relayboard.mjs imports this module on every run for bundleIsCurrent.
  const { buildSync } = createRequire(import.meta.url)("esbuild");
  try {
    const result = buildSync({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: out,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true, // the server and the CLI share most modules: one chunk each, loaded once
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      // Stack traces in logs point at the TypeScript source; the maps are read only when Node is
      // started with --enable-source-maps, never held by default.
      sourcemap: "linked",
      metafile: true,
      logLevel: "warning",
      banner: { js: "// Built by scripts/server-bundle.mjs from src/server and cli; do not edit." },
    });
    // migrate.ts looks for migrations beside its own module first: beside the bundle.
    cpSync(path.join(root, MIGRATIONS), path.join(out, "migrations"), { recursive: true });
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
    writeFileSync(path.join(root, INPUTS_FILE), `${JSON.stringify(Object.fromEntries(inputs.map((f) => [f, stamp(path.join(root, f))])), null, 1)}\n`);
    return 0;
  } catch (err) {
    console.error(`bundling the server and the CLI failed: ${err.message}`);
    rmSync(out, { recursive: true, force: true });
    return 1;
  }
}

const stamp = (file) => {
  const s = statSync(file);
  return `${s.size}:${Math.round(s.mtimeMs)}`;
};

/**
 * Whether the bundles under .next/relayboard were built from the files now on disk (each input's
 * size and modification time, a few hundred stat calls: milliseconds, cheap enough for every CLI run).
 */
export function bundleIsCurrent(root) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(root, INPUTS_FILE), "utf8"));
  } catch {
    return false;
  }
  try {
    return Object.entries(inputs).every(([f, s]) => stamp(path.join(root, f)) === s) && statSync(path.join(root, CLI_BUNDLE)).isFile();
  } catch {
    return false; // an input was removed, or the bundle itself
  }
}

// What a production build was made from, so `npm start` never serves a build older than the checkout.
// The fingerprint is a content hash of everything `next build` reads from the project (not the git
// commit alone: that misses uncommitted edits and does not exist in a tarball install). Hashing a few
// hundred files takes milliseconds. The commit is recorded beside it only to make messages readable.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleServer } from "./server-bundle.mjs";

/** Directories whose every file can end up in the build (pages, server code, messages, static files). */
const INPUT_DIRS = ["src", "messages", "public"];
/**
 * Root files `next build` reads. Not `.env*`: the server reads its configuration at run time, and an
 * operator editing `.env` must not cause a minute-long rebuild on the next start.
 */
const INPUT_FILE = /^(package\.json|package-lock\.json|tsconfig\.json|(next|postcss)\.config\.(js|cjs|mjs|ts))$/;
/** Files `next build` itself may rewrite (it adds its plugin and include paths to tsconfig.json). */
const WRITTEN_BY_NEXT = ["tsconfig.json"];

export const RECORD_FILE = path.join(".next", "relayboard-build.json");

/** @typedef {{ fingerprint: string, files: Record<string, string> }} Fingerprint */
/** @typedef {Fingerprint & { version: 1, commit: string | null, builtAt: string }} BuildRecord */

/** @returns {Fingerprint} */
export function computeFingerprint(root) {
  /** @type {Record<string, string>} */
  const files = {};
  const add = (rel) => {
    files[rel] = createHash("sha256").update(readFileSync(path.join(root, rel))).digest("hex").slice(0, 16);
  };
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      // Dot files are editor swap files and OS litter, never build input.
      if (entry.name.startsWith(".")) continue;
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) add(child);
    }
  };
  for (const dir of INPUT_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isFile() && INPUT_FILE.test(entry.name)) add(entry.name);
  return withDigest(files);
}

/** @returns {Fingerprint} */
function withDigest(files) {
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const digest = createHash("sha256");
  for (const [rel, hash] of Object.entries(sorted)) digest.update(`${rel}\0${hash}\n`);
  return { fingerprint: digest.digest("hex").slice(0, 16), files: sorted };
}

/** The short commit of the checkout, or null outside git (a tarball install). */
export function gitCommit(root) {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] }).toString().trim() || null;
  } catch {
    return null;
  }
}

/** @returns {BuildRecord | null} null when there is no record or it is unreadable */
export function readRecord(root) {
  try {
    const rec = JSON.parse(readFileSync(path.join(root, RECORD_FILE), "utf8"));
    return rec && rec.version === 1 && typeof rec.fingerprint === "string" && rec.files && typeof rec.files === "object" ? rec : null;
  } catch {
    return null;
  }
}

const label = (fingerprint, commit) => (commit ? `${fingerprint} (commit ${commit})` : fingerprint);

/** Which input files differ between a recorded build and the checkout, for the rebuild message. */
export function changedFiles(recorded, current) {
  const out = [];
  for (const [rel, hash] of Object.entries(current.files)) {
    if (!(rel in recorded.files)) out.push(`${rel} (added)`);
    else if (recorded.files[rel] !== hash) out.push(rel);
  }
  for (const rel of Object.keys(recorded.files)) if (!(rel in current.files)) out.push(`${rel} (removed)`);
  return out;
}

/**
 * Why the build in `.next` cannot be served for this checkout, or null when it matches.
 * @returns {string | null}
 */
export function staleReason(root) {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) return "No production build yet";
  const recorded = readRecord(root);
  if (!recorded) return `The build in .next has no ${RECORD_FILE} (made by \`next build\` directly, or a failed build), so it may not match the checkout`;
  const current = computeFingerprint(root);
  if (current.fingerprint === recorded.fingerprint) return null;
  const changed = changedFiles(recorded, current);
  const shown = changed.slice(0, 5).join(", ") + (changed.length > 5 ? `, and ${changed.length - 5} more` : "");
  return `build is from ${label(recorded.fingerprint, recorded.commit)}, checkout is ${label(current.fingerprint, gitCommit(root))} (changed: ${shown})`;
}

/**
 * `next build` exactly as `npm run build` used to run it (the project's own `next` from
 * node_modules/.bin, extra arguments passed through), the server and CLI bundles, the embedded
 * database's empty cluster (pglite-template.mjs), then the record
 * of what was built.
 * The record is removed first, so a failed or interrupted build is never taken as current.
 * @returns {number} the build's exit code
 */
export function buildAndRecord(root, args = []) {
  rmSync(path.join(root, RECORD_FILE), { force: true });
  const before = computeFingerprint(root);
  const bin = path.join(root, "node_modules", ".bin");
  const run = spawnSync("next", ["build", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  if (run.error) {
    console.error(`could not run next build: ${run.error.message}`);
    return 1;
  }
  if (run.status !== 0) return run.status ?? 1;
  const bundled = bundleServer(root); // the custom server and the CLI, compiled (server-bundle.mjs)
  if (bundled !== 0) return bundled;
  // Not fatal: without the template a first embedded start runs initdb itself, as it always did.
  spawnSync(process.execPath, [path.join(root, "scripts", "pglite-template.mjs")], { cwd: root, stdio: "inherit" });
  // Record what the build read: the sources as they were when it started (an edit made during the
  // build then counts as a change), except the files Next rewrites itself, taken as it left them.
  const after = computeFingerprint(root);
  const files = { ...before.files };
  for (const rel of WRITTEN_BY_NEXT) {
    if (rel in after.files) files[rel] = after.files[rel];
    else delete files[rel];
  }
  /** @type {BuildRecord} */
  const record = { version: 1, ...withDigest(files), commit: gitCommit(root), builtAt: new Date().toISOString() };
  mkdirSync(path.join(root, ".next"), { recursive: true });
  writeFileSync(path.join(root, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
  return 0;
}

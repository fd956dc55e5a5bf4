// `npm start`'s prestart (scripts/ensure-build.mjs) and `npm run build` (scripts/build.mjs), run as the
// real scripts in a throwaway checkout whose `node_modules/.bin/next` is a stand-in that logs each
// build (a real `next build` takes a minute and would collide with other runs on .next).
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPTS = ["build-fingerprint.mjs", "build.mjs", "ensure-build.mjs", "server-bundle.mjs", "pglite-template.mjs"];

// Writes .next/BUILD_ID like next build, and rewrites tsconfig.json as Next does on its first build.
// FAKE_NEXT_FAIL makes it fail; FAKE_NEXT_EDIT names a source file edited while it "builds".
const FAKE_NEXT = `#!/usr/bin/env node
const fs = require("node:fs");
fs.appendFileSync("build-log.txt", process.argv.slice(2).join(" ") + "\\n");
if (process.env.FAKE_NEXT_EDIT) fs.appendFileSync(process.env.FAKE_NEXT_EDIT, "// edited during the build\\n");
if (process.env.FAKE_NEXT_FAIL) process.exit(3);
const ts = JSON.parse(fs.readFileSync("tsconfig.json", "utf8"));
ts.compilerOptions.plugins = [{ name: "next" }];
fs.writeFileSync("tsconfig.json", JSON.stringify(ts, null, 2));
fs.mkdirSync(".next", { recursive: true });
fs.writeFileSync(".next/BUILD_ID", "id-" + Date.now());
`;

let dir: string;

function write(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

function run(script: string, env: Record<string, string> = {}, args: string[] = []) {
  const r = spawnSync(process.execPath, [path.join("scripts", script), ...args], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: "", ...env },
    encoding: "utf8",
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const builds = () => (existsSync(path.join(dir, "build-log.txt")) ? readFileSync(path.join(dir, "build-log.txt"), "utf8").trim().split("\n") : []);
const record = () => JSON.parse(readFileSync(path.join(dir, ".next/relayboard-build.json"), "utf8")) as { fingerprint: string; files: Record<string, string> };

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rb-ensure-build-"));
  for (const s of SCRIPTS) {
    mkdirSync(path.join(dir, "scripts"), { recursive: true });
    copyFileSync(path.join(ROOT, "scripts", s), path.join(dir, "scripts", s));
  }
  write("node_modules/.bin/next", FAKE_NEXT);
  chmodSync(path.join(dir, "node_modules/.bin/next"), 0o755);
  write("package.json", JSON.stringify({ name: "t", type: "module" }));
  write("package-lock.json", JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/next": { version: "16.0.0" } } }));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { strict: true } }));
  write("next.config.ts", "export default {};\n");
  write("src/app/page.tsx", "export default function Page() { return 'v1'; }\n");
  write("messages/en.json", '{"hello":"Hello"}\n');
  write("tests/a.test.ts", "// not build input\n");
  // The entries the build compiles (scripts/server-bundle.mjs) with the real esbuild; each says
  // which file runs it, so a test can tell the bundle from the source.
  write("src/server/main.ts", 'const where: string = import.meta.url;\nconsole.log(`server v1 ${where}`);\n');
  write("cli/main.ts", 'const where: string = import.meta.url;\nconsole.log(`cli v1 ${where}`);\n');
  write("src/server/db/migrations/meta/_journal.json", '{"entries":[]}\n');
  for (const pkg of ["esbuild", "tsx"]) symlinkSync(path.join(ROOT, "node_modules", pkg), path.join(dir, "node_modules", pkg));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("ensure-build (npm start's prestart)", () => {
  it("builds when there is no build, then serves the matching build without rebuilding", () => {
    const first = run("ensure-build.mjs");
    expect(first.code).toBe(0);
    expect(first.out).toContain("No production build yet: rebuilding");
    expect(builds()).toEqual(["build"]);
    expect(record().files).toHaveProperty("src/app/page.tsx");
    expect(record().files).toHaveProperty("package-lock.json");
    expect(record().files).not.toHaveProperty("tests/a.test.ts");

    // tsconfig.json was rewritten by the build itself: that is not a change.
    const again = run("ensure-build.mjs");
    expect(again).toEqual({ code: 0, out: "" });
    expect(builds()).toHaveLength(1);
  });

  it("rebuilds after a source change (a git pull), naming the build, the checkout and what changed", () => {
    run("ensure-build.mjs");
    const built = record().fingerprint;
    write("src/app/page.tsx", "export default function Page() { return 'v2'; }\n");
    const r = run("ensure-build.mjs");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`build is from ${built}, checkout is [0-9a-f]{16} \\(changed: src/app/page\\.tsx\\): rebuilding`));
    expect(builds()).toHaveLength(2);
    expect(record().fingerprint).not.toBe(built);
    expect(run("ensure-build.mjs").out).toBe("");
    expect(builds()).toHaveLength(2);
  });

  it("rebuilds when the lock file, messages or a new source file change; not for files outside the build", () => {
    run("ensure-build.mjs");
    write("tests/a.test.ts", "// edited\n");
    write("README.md", "docs\n");
    expect(run("ensure-build.mjs").out).toBe("");

    write("package-lock.json", JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/next": { version: "16.0.1" } } }));
    expect(run("ensure-build.mjs").out).toContain("(changed: package-lock.json): rebuilding");
    write("messages/en.json", '{"hello":"Hi"}\n');
    write("src/lib/new.ts", "export const x = 1;\n");
    expect(run("ensure-build.mjs").out).toContain("(changed: messages/en.json, src/lib/new.ts (added)): rebuilding");
    expect(builds()).toHaveLength(3);
  });

  it("does not trust a build without a record (plain `next build`) and refuses to start when the build fails", () => {
    spawnSync(path.join(dir, "node_modules/.bin/next"), ["build"], { cwd: dir });
    expect(existsSync(path.join(dir, ".next/BUILD_ID"))).toBe(true);
    const r = run("ensure-build.mjs");
    expect(r.out).toContain("has no .next/relayboard-build.json");
    expect(builds()).toHaveLength(2);

    write("src/app/page.tsx", "broken\n");
    const failed = run("ensure-build.mjs", { FAKE_NEXT_FAIL: "1" });
    expect(failed.code).toBe(3);
    expect(failed.out).toContain("next build failed (exit 3)");
    // The old record went with the failed build: the next start tries again.
    expect(existsSync(path.join(dir, ".next/relayboard-build.json"))).toBe(false);
    expect(run("ensure-build.mjs").out).toContain("rebuilding");
    expect(builds()).toHaveLength(4);
  });

  it("an edit made while the build runs counts as a change on the next start", () => {
    run("ensure-build.mjs", { FAKE_NEXT_EDIT: "src/app/page.tsx" });
    expect(run("ensure-build.mjs").out).toContain("(changed: src/app/page.tsx): rebuilding");
  });
});

describe("npm run build (scripts/build.mjs)", () => {
  it("runs next build with the given arguments and records the fingerprint npm start then accepts", () => {
    const r = run("build.mjs", {}, ["--debug"]);
    expect(r.code).toBe(0);
    expect(builds()).toEqual(["build --debug"]);
    expect(record().fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(run("ensure-build.mjs")).toEqual({ code: 0, out: "" });
    expect(builds()).toHaveLength(1);
  });

  it("passes a failing build's exit code through and leaves no record", () => {
    expect(run("build.mjs", { FAKE_NEXT_FAIL: "1" }).code).toBe(3);
    expect(existsSync(path.join(dir, ".next/relayboard-build.json"))).toBe(false);
  });
});

describe("the compiled server and CLI (scripts/server-bundle.mjs, bin/relayboard.mjs)", () => {
  const node = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, args, { cwd: dir, env: { ...process.env, NODE_OPTIONS: "", NODE_ENV: "production", ...env }, encoding: "utf8" });
  // Each case spawns node, tsx and esbuild several times: seconds each on a busy machine.
  const SLOW = 120_000;
  const bin = (env: Record<string, string> = {}) => node([path.join(dir, "bin", "relayboard.mjs")], env).stdout.trim();

  beforeEach(() => {
    mkdirSync(path.join(dir, "bin"));
    copyFileSync(path.join(ROOT, "bin", "relayboard.mjs"), path.join(dir, "bin", "relayboard.mjs"));
  });

  it("npm run build compiles both entries beside the Next build, with the migrations, and npm start accepts them", () => {
    expect(run("build.mjs").code).toBe(0);
    expect(node([".next/relayboard/server.mjs"]).stdout).toContain("server v1 file://");
    expect(node([".next/relayboard/server.mjs"]).stdout).toContain("/.next/relayboard/server.mjs");
    expect(existsSync(path.join(dir, ".next/relayboard/migrations/meta/_journal.json"))).toBe(true);
    expect(run("ensure-build.mjs")).toEqual({ code: 0, out: "" });
  }, SLOW);

  it("the CLI runs the bundle while it matches the sources, and the source otherwise", () => {
    expect(bin()).toMatch(/^cli v1 .*\/cli\/main\.ts$/); // no build yet: tsx
    run("build.mjs");
    expect(bin()).toMatch(/^cli v1 .*\/\.next\/relayboard\/cli\.mjs$/);
    expect(bin({ NODE_ENV: "test" })).toMatch(/\/cli\/main\.ts$/);
    expect(bin({ NODE_ENV: "development" })).toMatch(/\/cli\/main\.ts$/);

    // cli/ is no Next input: the edit makes only the bundle stale, and the CLI runs the edited source.
    write("cli/main.ts", 'console.log(`cli v2 ${import.meta.url}`);\n');
    expect(bin()).toMatch(/^cli v2 .*\/cli\/main\.ts$/);
    const r = run("ensure-build.mjs");
    expect(r).toEqual({ code: 0, out: ".next/relayboard/server.mjs is missing or older than the sources: compiling the server and the CLI...\n" });
    expect(builds()).toHaveLength(1); // no second next build
    expect(bin()).toMatch(/^cli v2 .*\/\.next\/relayboard\/cli\.mjs$/);
  }, SLOW);

  it("a bundle whose input was removed is not current", () => {
    run("build.mjs");
    rmSync(path.join(dir, "src/server/main.ts"));
    expect(bin()).toMatch(/\/cli\/main\.ts$/);
  }, SLOW);
});

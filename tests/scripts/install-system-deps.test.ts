// scripts/install-system-deps.sh fails, naming what is missing, when the install does not work (so CI
// stops there). Run with a PATH that hides the real tools and a stand-in apt-get whose install fails.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const bin = mkdtempSync(path.join(tmpdir(), "rb-sysdeps-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("scripts/install-system-deps.sh", () => {
  it("asks apt-get for openssl and v2ray too, and exits 1 naming what is still missing", () => {
    for (const tool of ["id", "tee", "chmod", "rm"]) symlinkSync(`/usr/bin/${tool}`, path.join(bin, tool));
    writeFileSync(path.join(bin, "env"), `#!/bin/bash\nshift; exec "$@"\n`);
    writeFileSync(path.join(bin, "apt-get"), `#!/bin/bash\necho "$*" >> "${bin}/apt.log"\n[ "$1" = update ] && exit 0\necho "E: Unable to locate package" >&2\nexit 100\n`);
    chmodSync(path.join(bin, "env"), 0o755);
    chmodSync(path.join(bin, "apt-get"), 0o755);

    const r = spawnSync("/bin/bash", [path.join(ROOT, "scripts/install-system-deps.sh")], { env: { NODE_ENV: "test", PATH: bin }, encoding: "utf8" });
    expect(r.status).toBe(1);
    const apt = readFileSync(path.join(bin, "apt.log"), "utf8");
    expect(apt).toContain("update -qq");
    expect(apt).toMatch(/install -y -qq .*\bv2ray\b/);
    expect(apt).toMatch(/install -y -qq .*\bopenssl\b/);
    expect(apt).toMatch(/install -y -qq .*\bshadowsocks-libev\b/);
    expect(r.stderr).toMatch(/error: required system packages are missing: .*\bv2ray\b.*\bopenssl\b/);
    expect(r.stderr).toContain("install them as root with: apt-get install -y");
  });
});

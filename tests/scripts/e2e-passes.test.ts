// The lists of one-pass browser specs name files that exist, each with its reason: a renamed spec
// would otherwise drop out of a list silently and run twice, or a typo leave one out of neither.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_PASS_ONLY, SECOND_PASS_ONLY } from "../../e2e/passes";

describe("e2e/passes.ts", () => {
  it("lists existing spec files, each with a reason", () => {
    for (const list of [FIRST_PASS_ONLY, SECOND_PASS_ONLY]) {
      const entries = Object.entries(list);
      expect(entries.length).toBeGreaterThan(0);
      for (const [file, reason] of entries) {
        expect(file, file).toMatch(/^[a-z0-9-]+\.spec\.ts$/);
        expect(existsSync(path.join("e2e", file)), `e2e/${file} exists`).toBe(true);
        expect(reason.length, `reason for ${file}`).toBeGreaterThan(10);
      }
    }
  });

  it("never leaves a spec out of both passes", () => {
    expect(Object.keys(FIRST_PASS_ONLY).filter((f) => f in SECOND_PASS_ONLY)).toEqual([]);
  });

  it("keeps the specs whose code differs by engine or limiter store in both passes", () => {
    for (const f of ["purchase.spec.ts", "wallet.spec.ts", "backup-restore.spec.ts", "cli-while-running.spec.ts", "login-limits.spec.ts", "forwarded-headers.spec.ts", "graceful-shutdown.spec.ts"]) {
      expect(existsSync(path.join("e2e", f)), f).toBe(true);
      expect(FIRST_PASS_ONLY[f], f).toBeUndefined();
      expect(SECOND_PASS_ONLY[f], f).toBeUndefined();
    }
  });
});

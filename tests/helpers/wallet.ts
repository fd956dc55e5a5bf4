// The wallet edition for one test file, and the consistency check after each of its tests: every
// balance equals its ledger's sum (behaviour §13), whatever the test did.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import { checkWallets } from "../../src/server/services/wallet";
import { overrideEnv } from "./env";

export function walletEditionForFile(db: () => Db | undefined): void {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = overrideEnv({ EDITION: "wallet" });
  });
  afterAll(() => restore?.());
  afterEach(async () => {
    const handle = db();
    if (!handle) return;
    const result = await checkWallets(handle);
    expect(result.mismatches, "wallet check: every balance equals its ledger sum").toEqual([]);
  });
}

// The register route hands the verb a lazy body: it is read only after the per-IP limit passed, so
// a flood of large bodies from one client costs a counter hit each, not a parse each.
import { beforeAll, describe, expect, it } from "vitest";
import { register } from "../../src/server/services/accounts";
import { anonCtx, freshIp } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

describe("register reads the body only after the rate limit", () => {
  const t = testDbForFile();
  beforeAll(() => void useMemoryLimiter());

  it("a limited client's body is never read", async () => {
    const ip = freshIp();
    let reads = 0;
    const body = async () => {
      reads++;
      return { email: "x", password: "short" }; // invalid: each admitted call is a 400
    };
    for (let i = 0; i < 5; i++) await expect(register(anonCtx(t.db, ip), body)).rejects.toMatchObject({ code: "VALIDATION" });
    expect(reads).toBe(5);
    await expect(register(anonCtx(t.db, ip), body)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(reads).toBe(5);
  });
});

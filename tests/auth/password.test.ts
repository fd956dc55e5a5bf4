// verifyPassword tells a wrong password from a stored hash it cannot read (issue 6 item 7 review):
// a malformed hash is logged as an error (without the hash) and refused; it is not silent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/auth/password";
import { users } from "../../src/server/db/schema";
import { authenticate } from "../../src/server/services/accounts";
import { anonCtx, makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  useMemoryLimiter();
});
afterAll(() => t.close());

describe("verifyPassword", () => {
  it("answers true and false for a well-formed hash, and false for an unknown account, without logging", async () => {
    const stored = await hashPassword("right-password");
    const { result, output } = await captureOutput(async () => [await verifyPassword(stored, "right-password"), await verifyPassword(stored, "wrong-password"), await verifyPassword(undefined, "x")]);
    expect(result).toEqual([true, false, false]);
    expect(output).not.toMatch(/malformed/);
  });

  it("logs a malformed stored hash as an error (never the hash) and refuses it", async () => {
    const corrupt = ["not-a-hash-at-all", "$argon2id$v=19$m=19456,t=2,p=1$abc", "$2b$10$abcdefghijklmnopqrstuu"];
    for (const stored of corrupt) {
      const { result, output } = await captureOutput(() => verifyPassword(stored, "whatever", { userId: "u-1" }));
      expect(result).toBe(false);
      const line = output.split("\n").find((l) => l.includes("stored password hash is malformed"));
      expect(line, stored).toBeTruthy();
      expect(JSON.parse(line!)).toMatchObject({ level: "error", userId: "u-1" });
      expect(line).not.toContain(stored);
    }
  });

  it("a corrupt hash in the database: login says bad_credentials and the log says why", async () => {
    const u = await makeUser(t.db);
    await t.db.update(users).set({ passwordHash: "truncated$argon2" }).where(eq(users.id, u.id));
    const { result, output } = await captureOutput(() => authenticate(anonCtx(t.db), { email: u.email, password: u.password }).catch((e) => e));
    expect(result).toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "bad_credentials" } });
    expect(output).toContain("stored password hash is malformed");
    expect(output).toContain(u.id);
  });

  it("a non-string password is a programming error, not a wrong password", async () => {
    await expect(verifyPassword(await hashPassword("x-password"), 42 as unknown as string)).rejects.toThrow(TypeError);
  });
});

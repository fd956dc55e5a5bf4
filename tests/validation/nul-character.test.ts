// PostgreSQL refuses U+0000 in text and jsonb: such input must be a 400 at validation, never a 500
// from the database (and never a half-written change).
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "../../src/server/db/schema";
import { register } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { findNulChar, parseInput } from "../../src/server/validation";
import { anonCtx, cliCtx } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

describe("NUL characters in input", () => {
  it("finds them in nested strings, arrays and keys", () => {
    expect(findNulChar({ a: { b: ["ok", "x\u0000y"] } })).toBe("a.b.1");
    expect(findNulChar({ ["k\u0000"]: 1 })).toBe("(key)");
    expect(findNulChar("plain")).toBeUndefined();
    expect(findNulChar({ a: 1, b: [null, true, "fine"] })).toBeUndefined();
  });

  it("parseInput answers VALIDATION naming the field, even when the schema would accept the value", () => {
    const schema = z.object({ name: z.string() });
    expect(() => parseInput(schema, { name: "a\u0000b" })).toThrow(expect.objectContaining({ code: "VALIDATION", details: expect.objectContaining({ reason: "nul_character" }) }));
  });

  describe("through the verbs, on the database", () => {
    const t = testDbForFile();
    beforeAll(() => void useMemoryLimiter());

    it("register refuses a NUL in the name and writes nothing", async () => {
      const raw = { email: "nul@example.com", password: "password-123", name: "bad\u0000name" };
      await expect(register(anonCtx(t.db), raw)).rejects.toMatchObject({ code: "VALIDATION" });
      expect(await t.db.select().from(users)).toHaveLength(0);
    });

    it("updateSettings refuses a NUL in a setting value", async () => {
      await expect(updateSettings(cliCtx(t.db), { siteName: "Site\u0000" })).rejects.toMatchObject({ code: "VALIDATION" });
    });
  });
});

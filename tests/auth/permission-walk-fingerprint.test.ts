// The permission walk's "nothing changes" rests on tests/helpers/db-fingerprint.ts: it must see a
// row added, a row changed in place (same count) and a row removed, in any table, on either engine.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();

describe("dbFingerprint", () => {
  it("covers every table of schema public, and is stable while nothing happens", async () => {
    const a = await dbFingerprint(t.db);
    expect(Object.keys(a)).toEqual(expect.arrayContaining(["users", "orders", "audit_logs", "staff_roles", "passkeys"]));
    expect(changedTables(a, await dbFingerprint(t.db))).toEqual([]);
  });

  it("sees a row added, changed in place and removed", async () => {
    const before = await dbFingerprint(t.db);
    const u = await makeUser(t.db);
    const added = await dbFingerprint(t.db);
    expect(changedTables(before, added)).toContain("users");
    expect(added.users!.rows).toBe(before.users!.rows + 1);

    await t.db.update(users).set({ name: "changed in place" }).where(eq(users.id, u.id));
    const changed = await dbFingerprint(t.db);
    expect(changedTables(added, changed)).toEqual(["users"]);
    expect(changed.users!.rows).toBe(added.users!.rows);

    await t.db.delete(users).where(eq(users.id, u.id));
    expect(changedTables(changed, await dbFingerprint(t.db))).toContain("users");
  });
});

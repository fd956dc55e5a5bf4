import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUsers, setUserStatus } from "../../src/server/services/accounts";
import { cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("countUsers", () => {
  it("counts all users, admins and each status in one query", async () => {
    expect(await countUsers(cliCtx(t.db))).toEqual({ total: 0, admins: 0, byStatus: {} });
    await makeUser(t.db, "ADMIN");
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    await makeUser(t.db);
    await setUserStatus(cliCtx(t.db), a.id, { status: "BANNED", reason: "spam" });
    await setUserStatus(cliCtx(t.db), b.id, { status: "DISABLED", reason: "on request" });
    expect(await countUsers(cliCtx(t.db))).toEqual({ total: 4, admins: 1, byStatus: { ACTIVE: 2, BANNED: 1, DISABLED: 1 } });
  });
});

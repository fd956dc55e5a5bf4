// One "email already registered" answer wherever an address can collide (issue 6 item 13 merged
// five copies): 409, reason email_taken, and the form field to mark.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCreateUser, adminUpdateUser, register } from "../../src/server/services/accounts";
import { emailTaken } from "../../src/server/services/accounts/email-taken";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const taken = (field: string) => ({ code: "CONFLICT", message: "This email is already registered.", details: { reason: "email_taken", fields: { [field]: "taken" } } });

describe("email taken", () => {
  it("is one error shape, with or without a field", () => {
    expect(emailTaken("email")).toMatchObject(taken("email"));
    expect(emailTaken().details).toEqual({ reason: "email_taken" });
  });

  // Email change (field newEmail) needs mail set up: tests/accounts/email-change.test.ts checks it.
  it("is what registration and admin create and edit answer", async () => {
    const owner = await makeUser(t.db, "USER", "owner@taken.test");
    const other = await makeUser(t.db, "USER", "other@taken.test");
    await expect(register(anonCtx(t.db), { email: "OWNER@taken.test", password: "password-123" })).rejects.toMatchObject(taken("email"));
    await expect(adminCreateUser(cliCtx(t.db), { email: owner.email, password: "password-123" })).rejects.toMatchObject(taken("email"));
    await expect(adminUpdateUser(cliCtx(t.db), other.id, { email: owner.email })).rejects.toMatchObject(taken("email"));
  });
});

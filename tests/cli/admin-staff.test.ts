// Issue 29 "Names": `admin create --role R`, `admin role <email> <role>` and `admin list [--json]`
// through runCli on a real (PGlite or PostgreSQL) database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys, users } from "../../src/server/db/schema";
import { checkSession, openSession } from "../../src/server/services/accounts/user-sessions";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json } from "./helpers";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const row = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe("admin create", () => {
  it("without --role makes an owner who signs in as before (no second factor required)", async () => {
    const r = await cli(t.db, "admin", "create", "--email", "boss@example.com", "--password", "long-enough-1");
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^created administrator boss@example.com \([0-9a-f-]{36}\)\n$/);
    expect(await row("boss@example.com")).toMatchObject({ role: "ADMIN", staffRole: "owner", secondFactorRequired: false, status: "ACTIVE" });
  });

  it("with --role makes staff who must enrol a second factor first", async () => {
    const out = json<{ user: { email: string; role: string } }>(await cli(t.db, "admin", "create", "--email", "desk@example.com", "--password", "long-enough-2", "--role", "support", "--json"));
    expect(out.user).toMatchObject({ email: "desk@example.com", role: "ADMIN" });
    const u = (await row("desk@example.com"))!;
    expect(u).toMatchObject({ staffRole: "support", secondFactorRequired: true });
    const sid = await openSession(t.db, { userId: u.id, sessionVersion: u.sessionVersion, now: new Date() });
    expect(await checkSession(t.db, { sid, uid: u.id, sv: u.sessionVersion }, new Date())).toMatchObject({ staffRole: "support", twoFactorSetupRequired: true });
    const line = await cli(t.db, "admin", "create", "--email", "ops@example.com", "--password", "long-enough-3", "--role", "operations");
    expect(line.stdout).toMatch(/^created staff member ops@example.com \([0-9a-f-]{36}\) with the role operations; a second factor must be set up/);
  });

  it("refuses an unknown role (VALIDATION, exit 1) and creates nothing", async () => {
    const r = await cli(t.db, "admin", "create", "--email", "ghost@example.com", "--password", "long-enough-4", "--role", "wizard");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: VALIDATION: /);
    expect(await row("ghost@example.com")).toBeUndefined();
  });
});

describe("admin list", () => {
  it("--json prints exactly [{ email, role, status, twoFactor, passkeys }] for every staff member", async () => {
    const desk = (await row("desk@example.com"))!;
    await t.db.insert(passkeys).values({ userId: desk.id, credentialId: "cred-cli-1", publicKey: "pk", name: "Laptop" });
    await makeUser(t.db, "USER", "customer@example.com");
    const out = json<Record<string, unknown>[]>(await cli(t.db, "admin", "list", "--json"));
    expect(Array.isArray(out)).toBe(true);
    for (const e of out) expect(Object.keys(e).sort()).toEqual(["email", "passkeys", "role", "status", "twoFactor"]);
    expect(out).toEqual([
      { email: "boss@example.com", role: "owner", status: "ACTIVE", twoFactor: false, passkeys: 0 },
      { email: "desk@example.com", role: "support", status: "ACTIVE", twoFactor: false, passkeys: 1 },
      { email: "ops@example.com", role: "operations", status: "ACTIVE", twoFactor: false, passkeys: 0 },
    ]);
  });

  it("prints a table without --json", async () => {
    const r = await cli(t.db, "admin", "list");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^EMAIL\s+ROLE\s+STATUS\s+2FA\s+PASSKEYS$/);
    expect(lines[2]).toMatch(/^desk@example.com\s+support\s+ACTIVE\s+no\s+1$/);
    expect(lines.at(-1)).toBe("3 staff");
  });
});

describe("admin role", () => {
  it("changes the role and ends every session of that person", async () => {
    const u = (await row("ops@example.com"))!;
    const sid = await openSession(t.db, { userId: u.id, sessionVersion: u.sessionVersion, now: new Date() });
    const out = json<{ email: string; role: string; changed: boolean }>(await cli(t.db, "admin", "role", "OPS@example.com", "finance", "--json"));
    expect(out).toEqual({ email: "ops@example.com", role: "finance", changed: true });
    expect(await checkSession(t.db, { sid, uid: u.id, sv: u.sessionVersion }, new Date())).toBeNull();
    expect((await row("ops@example.com"))!.staffRole).toBe("finance");
    const again = await cli(t.db, "admin", "role", "ops@example.com", "finance");
    expect(again).toMatchObject({ code: 0, stdout: "ops@example.com already has the role finance\n" });
    const line = await cli(t.db, "admin", "role", "ops@example.com", "support");
    expect(line.stdout).toBe("ops@example.com is now support; their sessions have ended\n");
  });

  it("refuses customers, unknown addresses and unknown roles (exit 1); the last owner stays", async () => {
    expect(await cli(t.db, "admin", "role", "customer@example.com", "support")).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: NOT_FOUND: /) });
    expect(await cli(t.db, "admin", "role", "nobody@example.com", "support")).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: NOT_FOUND: /) });
    expect(await cli(t.db, "admin", "role", "desk@example.com", "wizard")).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: VALIDATION: /) });
    expect(await cli(t.db, "admin", "role", "boss@example.com", "admin")).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: CONFLICT: At least one active owner must remain/) });
    expect((await row("boss@example.com"))!.staffRole).toBe("owner");
    // The usage: both arguments.
    expect((await cli(t.db, "admin", "role", "desk@example.com")).code).toBe(2);
  });
});

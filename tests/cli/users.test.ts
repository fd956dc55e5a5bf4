// admin create, user list, user set-status through runCli on a real (PGlite or PostgreSQL) database.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, users } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { runCli, type CliIo } from "../../cli/run-cli";
import { verifyPassword } from "../../src/server/auth/password";
import { cli, json } from "./helpers";

const USER_KEYS = ["createdAt", "email", "emailVerifiedAt", "id", "lastLoginAt", "name", "role", "status"];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("admin create", () => {
  it("creates an active administrator and prints the stable JSON shape", async () => {
    const out = json<{ user: Record<string, unknown> }>(await cli(t.db, "admin", "create", "--email", "Root@Example.com", "--password", "long-enough-1", "--name", "Root", "--json"));
    expect(Object.keys(out).sort()).toEqual(["user"]);
    expect(Object.keys(out.user).sort()).toEqual(USER_KEYS);
    expect(out.user).toMatchObject({ email: "root@example.com", name: "Root", role: "ADMIN", status: "ACTIVE" });
    expect(out.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Written by the operator CLI, and audited as such.
    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.user.create"), eq(auditLogs.targetId, out.user.id as string)));
    expect(audit?.actorKind).toBe("cli");
  });

  it("prints a line without --json", async () => {
    const r = await cli(t.db, "admin", "create", "--email=second@example.com", "--password=long-enough-2");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^created administrator second@example.com \([0-9a-f-]{36}\)\n$/);
  });

  it("refuses a taken email (1, CONFLICT) and a short password (1, VALIDATION)", async () => {
    const dup = await cli(t.db, "admin", "create", "--email", "root@example.com", "--password", "long-enough-1");
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/^error: CONFLICT: /);
    expect(dup.stdout).toBe("");
    const short = await cli(t.db, "admin", "create", "--email", "x@example.com", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^error: VALIDATION: .*8 characters/);
    const [row] = await t.db.select().from(users).where(eq(users.email, "x@example.com"));
    expect(row).toBeUndefined();
  });
});

describe("user list", () => {
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await makeUser(t.db, "USER", `listed${i}@example.com`);
  });

  it("--json: users with the stable shape, total, page, pageSize", async () => {
    const out = json<{ users: Record<string, unknown>[]; total: number; page: number; pageSize: number }>(await cli(t.db, "user", "list", "--json"));
    expect(Object.keys(out).sort()).toEqual(["page", "pageSize", "total", "users"]);
    expect(out.total).toBe(5);
    expect(out.page).toBe(1);
    expect(out.pageSize).toBe(20);
    for (const u of out.users) expect(Object.keys(u).sort()).toEqual(USER_KEYS);
    expect(JSON.stringify(out)).not.toMatch(/password|hash/i);
  });

  it("filters by role, status and text, and pages", async () => {
    const admins = json<{ users: { email: string }[] }>(await cli(t.db, "user", "list", "--role", "admin", "--json"));
    expect(admins.users.map((u) => u.email).sort()).toEqual(["root@example.com", "second@example.com"]);
    const q = json<{ users: { email: string }[]; total: number }>(await cli(t.db, "user", "list", "--q", "listed1", "--json"));
    expect(q.users.map((u) => u.email)).toEqual(["listed1@example.com"]);
    const page2 = json<{ users: unknown[]; total: number; page: number }>(await cli(t.db, "user", "list", "--page-size", "2", "--page", "2", "--json"));
    expect(page2).toMatchObject({ total: 5, page: 2 });
    expect(page2.users).toHaveLength(2);
    const banned = json<{ total: number }>(await cli(t.db, "user", "list", "--status", "BANNED", "--json"));
    expect(banned.total).toBe(0);
  });

  it("prints a table without --json", async () => {
    const r = await cli(t.db, "user", "list", "--q", "listed");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS\s+CREATED\s+ID$/);
    expect(lines.filter((l) => l.startsWith("listed"))).toHaveLength(3);
    expect(lines.at(-1)).toBe("page 1 of 1, 3 users");
  });

  it("rejects invalid filter values with VALIDATION (exit 1)", async () => {
    for (const argv of [["--page-size", "0"], ["--page", "abc"], ["--status", "SLEEPING"]]) {
      const r = await cli(t.db, "user", "list", ...argv);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr).toMatch(/^error: VALIDATION: /);
    }
  });
});

describe("user set-status", () => {
  it("bans a user (status case-insensitive), ends their sessions, prints JSON", async () => {
    const u = await makeUser(t.db, "USER", "tobeban@example.com");
    const [before] = await t.db.select().from(users).where(eq(users.id, u.id));
    const out = json<{ user: Record<string, unknown> }>(await cli(t.db, "user", "set-status", "ToBeBan@example.com", "banned", "--reason", "Sold the account", "--json"));
    expect(Object.keys(out.user).sort()).toEqual(USER_KEYS);
    expect(out.user).toMatchObject({ id: u.id, status: "BANNED" });
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.status).toBe("BANNED");
    expect(after!.sessionVersion).toBeGreaterThan(before!.sessionVersion);
    const back = await cli(t.db, "user", "set-status", "tobeban@example.com", "ACTIVE");
    expect(back).toMatchObject({ code: 0, stdout: "tobeban@example.com is now ACTIVE\n" });
  });

  it("a bad status is VALIDATION (exit 1) and changes nothing", async () => {
    const u = await makeUser(t.db, "USER", "badstatus@example.com");
    for (const status of ["PENDING_EMAIL", "SLEEPING"]) {
      const r = await cli(t.db, "user", "set-status", u.email, status);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: VALIDATION: /);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.status).toBe("ACTIVE");
  });

  it("DISABLED and BANNED need --reason (VALIDATION, exit 1, nothing changed); the reason is audited", async () => {
    const u = await makeUser(t.db, "USER", "needs-reason@example.com");
    for (const argv of [["BANNED"], ["DISABLED"], ["banned", "--reason", "   "]]) {
      const r = await cli(t.db, "user", "set-status", u.email, ...argv);
      expect(r, argv.join(" ")).toMatchObject({ code: 1, stdout: "" });
      expect(r.stderr).toBe("error: VALIDATION: Give a reason for disabling or banning this user.\n  reason: Give a reason.\n");
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.status).toBe("ACTIVE");
    expect(await cli(t.db, "user", "set-status", u.email, "DISABLED", "--reason", "Asked by the owner")).toMatchObject({ code: 0 });
    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.user.set_status"), eq(auditLogs.targetId, u.id)));
    expect(audits.map((a) => a.metadata)).toEqual([expect.objectContaining({ to: "DISABLED", reason: "Asked by the owner" })]);
    expect(audits[0]!.actorKind).toBe("cli");
  });

  it("an unknown email is NOT_FOUND (exit 1)", async () => {
    const r = await cli(t.db, "user", "set-status", "nobody@example.com", "BANNED");
    expect(r).toMatchObject({ code: 1, stdout: "" });
    expect(r.stderr).toBe("error: NOT_FOUND: User not found.\n");
  });
});

describe("admin create: password sources", () => {
  let own: TestDb;
  beforeAll(async () => {
    own = await createTestDb();
  });
  afterAll(() => own.close());

  it("takes the password from stdin or RELAYBOARD_ADMIN_PASSWORD, keeping it off the command line", async () => {
    const io = (extra: Partial<CliIo>) => runCli(["admin", "create", "--email", `in-${extra.env ? "env" : "stdin"}@example.com`, ...(extra.env ? [] : ["--password-stdin"])], { stdout: () => undefined, stderr: () => undefined, db: own.db, ...extra });
    expect(await io({ readStdin: async () => "long-enough-3\n" })).toBe(0);
    expect(await io({ env: { RELAYBOARD_ADMIN_PASSWORD: "long-enough-4" } })).toBe(0);
    const ok = async (email: string, password: string) => {
      const [u] = await own.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
      return verifyPassword(u!.hash, password);
    };
    expect(await ok("in-stdin@example.com", "long-enough-3")).toBe(true);
    expect(await ok("in-env@example.com", "long-enough-4")).toBe(true);
  });
});

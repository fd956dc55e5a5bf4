import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { auditLogs, users } from "../../src/server/db/schema";
import { adminCreateUser, authenticate, bootstrapAdmin, listUsers } from "../../src/server/services/accounts";
import { anonCtx, cliCtx } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

let t: TestDb;
const extra: TestDb[] = [];
/** Another empty database (bootstrap needs one without admins). */
const emptyDb = async () => {
  const x = await createTestDb();
  extra.push(x);
  return x.db;
};
beforeEach(async () => {
  useMemoryLimiter();
});
afterAll(async () => {
  for (const x of extra) await x.close();
  await t?.close();
});

const system = (db: TestDb["db"]) => makeCtx(db, { kind: "system" });
const adminCount = async (db: TestDb["db"]) => Number((await db.select({ n: count() }).from(users).where(eq(users.role, "ADMIN")))[0]!.n);

describe("bootstrapAdmin", () => {
  beforeAll(async () => {
    t = await createTestDb();
  });

  it("generates a password when none is given, returns it once, and the admin can log in", async () => {
    const db = await emptyDb(); // its own empty database
    const r = await bootstrapAdmin(system(db), {});
    expect(r).toMatchObject({ created: true, email: "admin@relayboard.local" });
    const pw = (r as { generatedPassword: string }).generatedPassword;
    expect(pw.length).toBeGreaterThanOrEqual(16);
    expect((await authenticate(anonCtx(db), { email: "admin@relayboard.local", password: pw })).role).toBe("ADMIN");
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, "system.bootstrap_admin"));
    expect(audit).toMatchObject({ actorKind: "system", metadata: { generated: true } });
    expect(JSON.stringify(audit)).not.toContain(pw);
  });

  it("creates the admin from the given credentials, then does nothing on later starts", async () => {
    const r = await bootstrapAdmin(system(t.db), { email: "Boss@Example.com", password: "boss-password-1" });
    expect(r).toEqual({ created: true, email: "boss@example.com", generatedPassword: undefined });
    expect((await authenticate(anonCtx(t.db), { email: "boss@example.com", password: "boss-password-1" })).role).toBe("ADMIN");
    expect(await bootstrapAdmin(system(t.db), { email: "other@example.com", password: "other-password-1" })).toEqual({ created: false });
    expect(await bootstrapAdmin(system(t.db), {})).toEqual({ created: false });
    expect(await adminCount(t.db)).toBe(1);
  });

  it("refuses an invalid ADMIN_PASSWORD instead of creating a weak admin", async () => {
    const db = await emptyDb();
    await expect(bootstrapAdmin(system(db), { email: "a@example.com", password: "short" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await adminCount(db)).toBe(0);
  });

  it("promotes an existing user with the ADMIN_EMAIL rather than failing", async () => {
    const db = await emptyDb();
    await adminCreateUser(cliCtx(db), { email: "promote@example.com", password: "old-password-1", status: "DISABLED" });
    expect(await bootstrapAdmin(system(db), { email: "promote@example.com", password: "new-password-1" })).toMatchObject({ created: true });
    const [u] = await db.select().from(users).where(eq(users.email, "promote@example.com"));
    expect(u).toMatchObject({ role: "ADMIN", status: "ACTIVE" });
    expect((await authenticate(anonCtx(db), { email: "promote@example.com", password: "new-password-1" })).id).toBe(u!.id);
  });

  it("two instances starting at once create exactly one admin and neither fails", async () => {
    const db = await emptyDb();
    const results = await Promise.allSettled([1, 2, 3].map(() => bootstrapAdmin(system(db), { email: "race@example.com", password: "race-password-1" })));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(results.filter((r) => r.status === "fulfilled" && r.value.created)).toHaveLength(1);
    expect(await adminCount(db)).toBe(1);
  });
});

describe("listUsers", () => {
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) await t.db.insert(users).values({ email: `member${String(i).padStart(2, "0")}@list.test`, passwordHash: "x", name: i % 5 === 0 ? `Special_${i}` : `Member ${i}`, status: i % 2 ? "ACTIVE" : "DISABLED", createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
  });

  it("pages newest first with a total", async () => {
    const p1 = await listUsers(cliCtx(t.db), { q: "@list.test", pageSize: 10 });
    expect(p1).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(p1.rows.map((r) => r.email).slice(0, 2)).toEqual(["member24@list.test", "member23@list.test"]);
    const p3 = await listUsers(cliCtx(t.db), { q: "@list.test", pageSize: 10, page: "3" });
    expect(p3.rows.map((r) => r.email)).toEqual(["member04@list.test", "member03@list.test", "member02@list.test", "member01@list.test", "member00@list.test"]);
    const all = [...p1.rows, ...(await listUsers(cliCtx(t.db), { q: "@list.test", pageSize: 10, page: 2 })).rows, ...p3.rows];
    expect(new Set(all.map((r) => r.id)).size).toBe(25);
    expect(all[0]).not.toHaveProperty("passwordHash");
  });

  it("searches email and name case-insensitively, treating % and _ literally", async () => {
    expect((await listUsers(cliCtx(t.db), { q: "MEMBER07" })).rows.map((r) => r.email)).toEqual(["member07@list.test"]);
    expect((await listUsers(cliCtx(t.db), { q: "special_" })).total).toBe(5);
    expect((await listUsers(cliCtx(t.db), { q: "l_st" })).total).toBe(0);
    expect((await listUsers(cliCtx(t.db), { q: "%" })).total).toBe(0);
  });

  it("filters by role and status", async () => {
    expect((await listUsers(cliCtx(t.db), { q: "@list.test", status: "DISABLED" })).total).toBe(13);
    expect((await listUsers(cliCtx(t.db), { role: "ADMIN" })).rows.map((r) => r.email)).toEqual(["boss@example.com"]);
    expect((await listUsers(cliCtx(t.db), { role: "ADMIN", status: "DISABLED" })).total).toBe(0);
  });

  it("validates paging and filters", async () => {
    await expect(listUsers(cliCtx(t.db), { pageSize: 500 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(listUsers(cliCtx(t.db), { page: 0 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(listUsers(cliCtx(t.db), { status: "GONE" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await listUsers(cliCtx(t.db), undefined)).pageSize).toBe(20);
  });
});

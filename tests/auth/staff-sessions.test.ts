// Issue 29 item 5: staff sessions have an idle timeout and an absolute lifetime shorter than a
// customer's 30 days; the session carries the role, and an admin actor gets exactly that role's
// permissions (a custom role's stored list; a role that no longer exists grants nothing).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorOf, type SessionUser } from "../../src/server/auth/session";
import { staffRoles, userSessions, users } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { checkSession, STAFF_TOUCH_INTERVAL_MS } from "../../src/server/services/accounts/user-sessions";
import { cliCtx, makeStaff, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { loginOrThrow } from "../helpers/next-auth";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // next-auth's hooks use the process-wide database
  useMemoryLimiter();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function signedIn(kind: "staff" | "customer") {
  const u = kind === "staff" ? await makeStaff(t.db, "support") : await makeUser(t.db);
  const token = await loginOrThrow({ email: u.email, password: u.password });
  const sid = token.sid as string;
  const [row] = await t.db.select().from(userSessions).where(eq(userSessions.id, sid));
  const start = row!.createdAt.getTime();
  const check = (minutes: number) => checkSession(t.db, { sid, uid: u.id, sv: 1 }, new Date(start + minutes * MINUTE));
  return { u, sid, start, check };
}

describe("staff session limits", () => {
  it("a staff session ends after the idle timeout (default 30 minutes) and is kept alive by use", async () => {
    const { check } = await signedIn("staff");
    expect(await check(20)).toMatchObject({ role: "ADMIN", staffRole: "support" });
    // Used at minute 20: idle counts from there, so minute 45 is 25 idle minutes.
    expect(await check(45)).not.toBeNull();
    expect(await check(76)).toBeNull();
  });

  it("a staff session ends at its absolute lifetime however active (default 12 hours)", async () => {
    const { check } = await signedIn("staff");
    for (let m = 25; m < 12 * 60; m += 25) expect(await check(m)).not.toBeNull();
    expect(await check(12 * 60 + 1)).toBeNull();
  });

  it("the settings change both limits; customers keep their 30 days", async () => {
    await updateSettings(cliCtx(t.db), { staffIdleMinutes: 5, staffSessionHours: 1 });
    try {
      const staff = await signedIn("staff");
      expect(await staff.check(4)).not.toBeNull();
      expect(await staff.check(10)).toBeNull();
      const staff2 = await signedIn("staff");
      for (let m = 4; m <= 60; m += 4) expect(await staff2.check(m)).not.toBeNull();
      expect(await staff2.check(61)).toBeNull();
      const customer = await signedIn("customer");
      expect(await customer.check(3 * 24 * 60)).toMatchObject({ role: "USER", staffRole: null });
    } finally {
      await updateSettings(cliCtx(t.db), { staffIdleMinutes: 30, staffSessionHours: 12 });
    }
  });

  it("staff sessions record use every minute, so the idle timeout holds to the minute", async () => {
    const { sid, start, check } = await signedIn("staff");
    expect(STAFF_TOUCH_INTERVAL_MS).toBe(MINUTE);
    await check(2);
    const [row] = await t.db.select().from(userSessions).where(eq(userSessions.id, sid));
    expect(row!.lastSeenAt.getTime()).toBe(start + 2 * MINUTE);
  });

  it("a role change ends the session (the session version moves)", async () => {
    const { u, check } = await signedIn("staff");
    expect(await check(1)).not.toBeNull();
    await t.db.update(users).set({ sessionVersion: 2 }).where(eq(users.id, u.id));
    expect(await check(2)).toBeNull();
  });
});

describe("the session's role becomes the actor's permissions", () => {
  const base: SessionUser = { id: "00000000-0000-4000-8000-000000000001", email: "s@example.com", name: "s", role: "ADMIN" };

  it("built-in roles give their fixed sets", () => {
    const support = actorOf({ ...base, staffRole: "support" });
    expect(support).toMatchObject({ kind: "admin", role: "ADMIN", staffRole: "support" });
    expect(support.permissions?.has("tickets.write")).toBe(true);
    expect(support.permissions?.has("orders.read")).toBe(false);
    const admin = actorOf({ ...base, staffRole: "admin" });
    expect(["staff.manage", "backup.manage", "payments.secrets"].filter((p) => admin.permissions?.has(p as never))).toEqual([]);
    expect(admin.permissions?.has("orders.refund")).toBe(true);
  });

  it("a custom role gives its stored permissions only, unknown names dropped; a role that is gone gives nothing", async () => {
    await t.db.insert(staffRoles).values({ name: "night-shift", permissions: ["tickets.read", "no.such"] }).onConflictDoNothing();
    const s = await makeStaff(t.db, "night-shift");
    const token = await loginOrThrow({ email: s.email, password: s.password });
    const live = await checkSession(t.db, { sid: token.sid as string, uid: s.id, sv: 1 }, new Date());
    expect(live).toMatchObject({ staffRole: "night-shift", customPermissions: ["tickets.read", "no.such"] });
    expect([...actorOf({ ...base, staffRole: "night-shift", customPermissions: live!.customPermissions! }).permissions!]).toEqual(["tickets.read"]);
    expect(actorOf({ ...base, staffRole: "deleted-role" }).permissions?.size).toBe(0);
    expect(actorOf({ ...base }).permissions?.size).toBe(0);
  });

  it("staff who must enrol a second factor, or sign in with a passkey, act as customers until then", () => {
    expect(actorOf({ ...base, staffRole: "owner", twoFactorSetupRequired: true })).toMatchObject({ kind: "user", role: "USER" });
    expect(actorOf({ ...base, staffRole: "owner", passkeySignInRequired: true })).toMatchObject({ kind: "user", role: "USER" });
    expect(actorOf({ ...base, staffRole: "owner", passkeySignInRequired: true }).permissions).toBeUndefined();
  });
});

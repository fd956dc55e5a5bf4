// Staff changes under concurrency, each racer on its own connection (PostgreSQL: really at once;
// PGlite: one after the other, proving only the outcome): two accepts of one invitation make one
// account; a role deleted while someone is given it leaves nobody holding a missing role; two owners
// demoting each other leave one owner.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { staffRoles, users } from "../../src/server/db/schema";
import { acceptStaffInvite, changeStaffRole, deleteStaffRole, inviteStaff, saveStaffRole } from "../../src/server/services/staff";
import { freshIp, makeStaff } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { inviteLink, openStaffSite, staffEmail } from "./helpers";

const site = openStaffSite();
const second = secondInstanceForFile(site);
beforeEach(() => {
  useMemoryLimiter();
});
const ROUNDS = 8;

const on = (db: Db, ctx: Ctx) => makeCtx(db, ctx.actor, { ip: freshIp() });
const instances = (round: number): [Db, Db] => (round % 2 ? [site.db, second.db] : [second.db, site.db]);

describe("staff races", () => {
  it(`two accepts of one invitation at once, ${ROUNDS} rounds: one account, the other told the link is used`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = staffEmail("race");
      await inviteStaff(site.owner.ctx, { email, role: "support" });
      const { token } = await inviteLink(site.db, email);
      const [a, b] = instances(round);
      const anon = (db: Db) => makeCtx(db, { kind: "anonymous" }, { ip: freshIp() });
      const results = await Promise.allSettled([acceptStaffInvite(anon(a), { token, password: "first-pass-1" }), acceptStaffInvite(anon(b), { token, password: "second-pass-2" })]);
      const reasons = settledReasons(results);
      expect(reasons.filter((r) => r === "ok"), `round ${round}: ${reasons.join(", ")}`).toHaveLength(1);
      expect(reasons.filter((r) => r !== "ok")).toEqual(["staff_invite_invalid"]);
      expect(await site.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });

  it(`a custom role deleted while someone is given it, ${ROUNDS} rounds: never a holder of a missing role`, async () => {
    const target = await makeStaff(site.db, "support");
    for (let round = 0; round < ROUNDS; round++) {
      const name = `race-role-${round}`;
      await saveStaffRole(site.owner.ctx, { name, permissions: ["tickets.read"], mode: "create" });
      const [a, b] = instances(round);
      const results = await Promise.allSettled([changeStaffRole(on(a, site.owner.ctx), target.id, { role: name }), deleteStaffRole(on(b, site.owner.ctx), name)]);
      const reasons = settledReasons(results);
      const [holder] = await site.db.select({ role: users.staffRole }).from(users).where(eq(users.id, target.id));
      const [role] = await site.db.select().from(staffRoles).where(eq(staffRoles.name, name));
      if (reasons[0] === "ok") {
        // Assigned first: the delete saw the holder and refused.
        expect(reasons[1], reasons.join(", ")).toBe("staff_role_in_use");
        expect(holder!.role).toBe(name);
        expect(role).toBeDefined();
      } else {
        expect(reasons, reasons.join(", ")).toEqual(["staff_role_unknown", "ok"]);
        expect(role).toBeUndefined();
      }
      // Back to a built-in role so the next round's role can be deleted.
      await changeStaffRole(site.owner.ctx, target.id, { role: "support" });
    }
  });

  it(`two owners demoting each other at once, ${ROUNDS} rounds: one owner always remains`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [x, y] = [await makeStaff(site.db, "owner"), await makeStaff(site.db, "owner")];
      // Only these two are owners this round.
      await site.db.update(users).set({ staffRole: "admin" }).where(eq(users.id, site.owner.id));
      await site.db.update(users).set({ staffRole: "admin" }).where(eq(users.staffRole, "owner"));
      await site.db.update(users).set({ staffRole: "owner" }).where(eq(users.id, x.id));
      await site.db.update(users).set({ staffRole: "owner" }).where(eq(users.id, y.id));
      const [a, b] = instances(round);
      const results = await Promise.allSettled([changeStaffRole(on(a, x.ctx), x.id, { role: "admin" }), changeStaffRole(on(b, y.ctx), y.id, { role: "admin" })]);
      expect(settledReasons(results).sort()).toEqual(["last_owner", "ok"]);
      const owners = await site.db.select({ id: users.id }).from(users).where(eq(users.staffRole, "owner"));
      expect(owners).toHaveLength(1);
    }
    await site.db.update(users).set({ staffRole: "owner" }).where(eq(users.id, site.owner.id));
  });
});

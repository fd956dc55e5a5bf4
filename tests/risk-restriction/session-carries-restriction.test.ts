// The restriction travels with the session: the jwt callback reads users.riskRestrictedAt in the
// query it already makes on every request, and the actor carries it. Admins are never restricted.
import { beforeAll, describe, expect, it } from "vitest";
import { refuseWhileRiskRestricted } from "../../src/server/auth/risk-restriction";
import { makeCtx } from "../../src/server/context";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { loginOrThrow } from "../helpers/next-auth";
import { requestCtxOf, sessionUserOf, setRestricted } from "./helpers";

const t = testDbForFile({ install: true }); // next-auth's hooks use the process-wide database
beforeAll(() => {
  useMemoryLimiter();
});

const login = async (u: { email: string; password: string }) => loginOrThrow({ email: u.email, password: u.password });

describe("session and actor", () => {
  it("a user's next request carries the restriction and its time; releasing it lifts it on the next request", async () => {
    const u = await makeUser(t.db);
    const token = await login(u);
    expect((await sessionUserOf(token)).riskRestrictedAt).toBeUndefined();
    expect((await requestCtxOf(t.db, token)).actor.riskRestricted).toBeUndefined();

    const at = new Date("2026-03-04T05:06:07.000Z");
    await setRestricted(t.db, u.id, at);
    expect((await sessionUserOf(token)).riskRestrictedAt).toBe(at.toISOString());
    const ctx = await requestCtxOf(t.db, token);
    expect(ctx.actor).toMatchObject({ kind: "user", userId: u.id, riskRestricted: true });
    expect(() => refuseWhileRiskRestricted(ctx)).toThrow(expect.objectContaining({ code: "FORBIDDEN", reason: "account_risk_restricted" }));
    expect(() => refuseWhileRiskRestricted(ctx, { allowWhileRestricted: true })).not.toThrow();

    await setRestricted(t.db, u.id, null);
    expect((await sessionUserOf(token)).riskRestrictedAt).toBeUndefined();
    const released = await requestCtxOf(t.db, token);
    expect(released.actor.riskRestricted).toBeUndefined();
    expect(() => refuseWhileRiskRestricted(released)).not.toThrow();
  });

  it("an admin account is never restricted, even with the column set", async () => {
    const a = await makeUser(t.db, "ADMIN");
    await setRestricted(t.db, a.id, new Date());
    const token = await login(a);
    expect((await sessionUserOf(token)).riskRestrictedAt).toBeUndefined();
    const ctx = await requestCtxOf(t.db, token);
    expect(ctx.actor).toMatchObject({ kind: "admin", role: "ADMIN" });
    expect(ctx.actor.riskRestricted).toBeUndefined();
    expect(() => refuseWhileRiskRestricted(ctx)).not.toThrow();
  });

  it("actors built any other way (CLI, system, anonymous) are not restricted", () => {
    for (const kind of ["cli", "system", "anonymous"] as const) expect(() => refuseWhileRiskRestricted(makeCtx(t.db, { kind }))).not.toThrow();
  });
});

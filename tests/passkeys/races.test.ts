// Exactly once, across instances (proven on PostgreSQL, where the racers hold separate connections;
// on PGlite they run one after another and prove only the outcome): one sign-in answer sent twice
// at once opens one session; registrations at once cannot pass the per-account limit together.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { passkeys, userSessions } from "../../src/server/db/schema";
import { finishPasskeyRegistration, MAX_PASSKEYS, startPasskeyRegistration, verifyPasskeySignIn } from "../../src/server/services/passkeys";
import { freshIp, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { SoftAuthenticator } from "../helpers/webauthn";
import { answer, enrol } from "./flow";

const t = testDbForFile();
const second = secondInstanceForFile(t);
beforeEach(() => {
  useMemoryLimiter();
});

describe("races", () => {
  it("one answer sent to two instances at once signs in once", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    await enrol(u.ctx, auth);
    for (let round = 0; round < 5; round++) {
      const a = await answer(t.db, auth);
      const ip = freshIp();
      const rs = await Promise.allSettled([0, 1, 2, 3].map((i) => verifyPasskeySignIn(makeCtx(i % 2 ? second.db : t.db, { kind: "anonymous" }, { ip }), a)));
      const reasons = settledReasons(rs);
      expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
      expect(reasons.filter((r) => r !== "ok").every((r) => r === "passkey_challenge_invalid")).toBe(true);
    }
    expect((await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id)))[0]!.counter).toBe(5);
  });

  it("two answers with one counter value (a cloned authenticator) sign in once", async () => {
    const u = await makeUser(t.db);
    const auth = new SoftAuthenticator();
    await enrol(u.ctx, auth);
    for (let counter = 7; counter < 12; counter++) {
      const [a, b] = [await answer(t.db, auth, { counter }), await answer(t.db, auth, { counter })];
      const rs = await Promise.allSettled([a, b].map((x, i) => verifyPasskeySignIn(makeCtx(i ? second.db : t.db, { kind: "anonymous" }, { ip: freshIp() }), x)));
      expect(settledReasons(rs).sort()).toEqual(["ok", "passkey_invalid"]);
    }
  });

  it(`registrations at once stop at ${MAX_PASSKEYS} passkeys`, async () => {
    const u = await makeUser(t.db);
    await t.db.insert(passkeys).values(Array.from({ length: MAX_PASSKEYS - 2 }, (_, i) => ({ userId: u.id, credentialId: `race-${u.id}-${i}`, publicKey: "AA", name: `Key ${i}` })));
    // Signed in with a passkey (no code asked), four ceremonies started before any finished.
    const [pk] = await t.db.insert(userSessions).values({ userId: u.id, sessionVersion: 1, expiresAt: new Date(Date.now() + 3_600_000), method: "passkey" }).returning();
    const ctx = makeCtx(t.db, { ...u.ctx.actor, sessionId: pk!.id }, { ip: freshIp() });
    const started = await Promise.all([0, 1, 2, 3].map(() => startPasskeyRegistration(ctx)));
    const rs = await Promise.allSettled(
      started.map((s, i) => finishPasskeyRegistration(second.on(i, ctx), { challengeId: s.challengeId, name: `New ${i}`, response: new SoftAuthenticator().register(s.options) })),
    );
    expect(settledReasons(rs).sort()).toEqual(["ok", "ok", "passkey_limit", "passkey_limit"]);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, u.id))).toHaveLength(MAX_PASSKEYS);
  });
});

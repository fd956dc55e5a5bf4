// POST /api/wallet/redeem-card and the card Server Actions through the real transports (route(),
// runAction): the route credits a balance card and answers used/unknown codes with one 400
// card_invalid, caps the body, limits guesses with 429; the user action `redeemCard` and the admin
// actions `generateCards` / `deleteCard` answer with the verbs' results; in the base edition the
// route answers 404 and the actions refuse, changing nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { rechargeCards } from "../../src/server/db/schema";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { balanceOf, generateCards } from "../../src/server/services/wallet";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { walletEditionForFile } from "../helpers/wallet";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const { POST: redeemRoute } = await import("../../src/app/api/wallet/redeem-card/route");
const userActions = await import("../../src/app/(user)/wallet/card-actions");
const adminActions = await import("../../src/app/admin/wallet/cards/actions");

const t = testDbForFile({ install: true });
walletEditionForFile(() => t.db);
const URL_ = "http://relayboard.test/api/wallet/redeem-card";
const post = (body: string, type = "application/json") => redeemRoute(new Request(URL_, { method: "POST", body, headers: { "content-type": type, host: "relayboard.test" } }), { params: Promise.resolve({}) });
const bodyOf = async (res: Response) => (await res.json()) as { error?: { code: string; message: string; details?: { reason?: string } }; kind?: string; amountMinor?: number; balanceMinor?: number };

let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  useMemoryLimiter();
  admin = await makeUser(t.db, "ADMIN");
});
const newUser = async () => {
  const u = await makeUser(t.db);
  caller.ctx = u.ctx;
  return u;
};
const oneCard = async (amountMinor = 500) => (await generateCards(admin.ctx, { kind: "BALANCE", count: 1, amountMinor })).cards[0]!;

describe("POST /api/wallet/redeem-card", () => {
  it("credits a balance card; a used and an unknown code get the same 400 card_invalid", async () => {
    const card = await oneCard(800);
    const u = await newUser();
    const ok = await post(JSON.stringify({ code: card.code }));
    expect(ok.status).toBe(200);
    expect(await bodyOf(ok)).toMatchObject({ kind: "BALANCE", amountMinor: 800, balanceMinor: 800 });
    expect(await balanceOf(t.db, u.id)).toBe(800);

    const used = await post(JSON.stringify({ code: card.code }));
    const unknown = await post(JSON.stringify({ code: "ABCD-EFGH-JKMN-PQRS-TVWX" }));
    const [a, b] = [await bodyOf(used), await bodyOf(unknown)];
    expect([used.status, unknown.status]).toEqual([400, 400]);
    expect(a.error).toMatchObject({ code: "VALIDATION", details: { reason: "card_invalid" } });
    expect(b.error).toEqual(a.error);
    expect(await balanceOf(t.db, u.id)).toBe(800);
  });

  it("caps the body (413), wants JSON (415) and an object with a code (400)", async () => {
    await newUser();
    expect((await post(JSON.stringify({ code: "x".repeat(2000) }))).status).toBe(413);
    expect((await post("code=abc", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post(JSON.stringify({ code: "" }))).status).toBe(400);
    expect((await post(JSON.stringify({ code: "ABCD", extra: 1 }))).status).toBe(400);
  });

  it("answers 429 once a user has made too many wrong guesses, also for a right code", async () => {
    const card = await oneCard();
    const u = await newUser();
    for (let i = 0; i < LIMITS.cardFailuresPerUser.limit; i++) expect((await post(JSON.stringify({ code: `WRNG-WRNG-WRNG-WRNG-${1000 + i}` }))).status).toBe(400);
    const limited = await post(JSON.stringify({ code: card.code }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await balanceOf(t.db, u.id)).toBe(0);
    expect((await t.db.select().from(rechargeCards).where(eq(rechargeCards.id, card.id)))[0]!.status).toBe("UNUSED");
  });

  it("refuses an anonymous caller with 401", async () => {
    caller.ctx = anonCtx(t.db);
    expect((await post(JSON.stringify({ code: "ABCD-EFGH-JKMN-PQRS-TVWX" }))).status).toBe(401);
  });
});

describe("Server Actions", () => {
  it("redeemCard (wallet: redeem card) credits the caller and words card_invalid for a used code", async () => {
    const card = await oneCard(650);
    const u = await newUser();
    const r = await userActions.redeemCard(card.code);
    expect(r).toMatchObject({ ok: true, data: { kind: "BALANCE", amountMinor: 650 } });
    const again = await userActions.redeemCard(card.code);
    expect(again).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { reason: "card_invalid" } } });
    expect(await balanceOf(t.db, u.id)).toBe(650);
  });

  it("generateCards and deleteCard are admin actions; a user is refused", async () => {
    caller.ctx = admin.ctx;
    const gen = await adminActions.generateCards({ kind: "BALANCE", count: 2, amountMinor: 300, note: "action" });
    if (!gen.ok) throw new Error(JSON.stringify(gen.error));
    expect(gen.data.cards).toHaveLength(2);
    const [first] = gen.data.cards;
    expect(await adminActions.deleteCard(first!.id)).toMatchObject({ ok: true, data: { id: first!.id, releasedStock: false } });
    expect(await t.db.select().from(rechargeCards).where(eq(rechargeCards.batchId, gen.data.batchId))).toHaveLength(1);
    await newUser();
    expect(await adminActions.generateCards({ kind: "BALANCE", count: 1, amountMinor: 300 })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await adminActions.deleteCard(gen.data.cards[1]!.id)).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
  });
});

describe("base edition", () => {
  it("the route answers 404 wallet_disabled and the actions refuse; nothing changes", async () => {
    const card = await oneCard(900);
    const u = await newUser();
    const restore = overrideEnv({ EDITION: "base" });
    try {
      const res = await post(JSON.stringify({ code: card.code }));
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).error).toMatchObject({ code: "NOT_FOUND", details: { reason: "wallet_disabled" } });
      // Signed out too: the path is simply not there, not a door asking for a session.
      const signedIn = caller.ctx;
      caller.ctx = anonCtx(t.db);
      expect((await post(JSON.stringify({ code: card.code }))).status).toBe(404);
      caller.ctx = signedIn;
      expect(await userActions.redeemCard(card.code)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      caller.ctx = admin.ctx;
      expect(await adminActions.generateCards({ kind: "BALANCE", count: 1, amountMinor: 300 })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      expect(await adminActions.deleteCard(card.id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    } finally {
      restore();
    }
    expect(await balanceOf(t.db, u.id)).toBe(0);
    expect((await t.db.select().from(rechargeCards).where(eq(rechargeCards.id, card.id)))[0]!.status).toBe("UNUSED");
  });
});

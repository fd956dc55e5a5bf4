// GET /api/notifications/unread through the real transport (route()): the session is checked before
// anything is counted (401), the count is the caller's own unread rows, the ETag names it so a poll
// that sends it back gets an empty 304 until the count moves; and opening a ticket reads the
// notifications that point to it (the admin's "new ticket" and "user replied", the user's "support
// replied"), so the bell's count follows.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { markNotificationRead, notify } from "../../src/server/services/notifications";
import { adminReplyTicket, createTicket, getMyTicket, getTicketAdmin, replyTicket } from "../../src/server/services/support";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const { GET } = await import("../../src/app/api/notifications/unread/route");

const t = testDbForFile();
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { ticketOpenCap: 50 });
});

/** One poll as the given caller, sending `etag` back when given. */
async function poll(ctx: Ctx, etag?: string) {
  caller.ctx = ctx;
  const headers: Record<string, string> = { host: "relayboard.test" };
  if (etag) headers["if-none-match"] = etag;
  const res = await GET(new Request("http://relayboard.test/api/notifications/unread", { headers }), { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get("etag"), cacheControl: res.headers.get("cache-control"), body: text ? (JSON.parse(text) as { unread?: number; error?: { code: string } }) : null };
}

const ring = (userId: string, title: string) => notify(t.db, { userId, type: "SYSTEM", title });

describe("GET /api/notifications/unread", () => {
  it("answers 401 without a session, before counting anything", async () => {
    const r = await poll(anonCtx(t.db));
    expect(r.status).toBe(401);
    expect(r.body?.error?.code).toBe("UNAUTHENTICATED");
    expect(r.etag).toBeNull();
  });

  it("counts the caller's own unread notifications only", async () => {
    const [me, other] = [await makeUser(t.db), await makeUser(t.db)];
    await ring(me.id, "one");
    await ring(me.id, "two");
    await ring(other.id, "someone else's");
    const r = await poll(me.ctx);
    expect(r).toMatchObject({ status: 200, body: { unread: 2 }, cacheControl: "private, no-cache" });
    expect(r.etag).toMatch(/^"[^"]+"$/);
    expect((await poll(other.ctx)).body).toEqual({ unread: 1 });
  });

  it("answers 304 with no body while the count is what the ETag names, 200 once it moves", async () => {
    const me = await makeUser(t.db);
    const first = await poll(me.ctx);
    expect(first.body).toEqual({ unread: 0 });
    const same = await poll(me.ctx, first.etag!);
    expect(same).toMatchObject({ status: 304, body: null, etag: first.etag });
    // Weak and listed forms of the same tag match too.
    expect((await poll(me.ctx, `"nope", W/${first.etag!}`)).status).toBe(304);

    const n = await ring(me.id, "new");
    const moved = await poll(me.ctx, first.etag!);
    expect(moved).toMatchObject({ status: 200, body: { unread: 1 } });
    expect(moved.etag).not.toBe(first.etag);

    await markNotificationRead(me.ctx, n!.id);
    const back = await poll(me.ctx, moved.etag!);
    expect(back).toMatchObject({ status: 200, body: { unread: 0 } });
  });
});

describe("opening a ticket reads the notifications that point to it", () => {
  it("the admin's 'new ticket' and 'user replied', the user's 'support replied'", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const user = await makeUser(t.db);
    const before = (await poll(admin.ctx)).body!.unread!;
    const ticket = await createTicket(user.ctx, { subject: "Bell test", category: "TECHNICAL", priority: "NORMAL", body: "Help" });
    const other = await createTicket(user.ctx, { subject: "Another", category: "TECHNICAL", priority: "NORMAL", body: "Also" });
    expect((await poll(admin.ctx)).body).toEqual({ unread: before + 2 });

    await getTicketAdmin(admin.ctx, ticket.id);
    // Only that ticket's notification is read; the other ticket's stays unread.
    expect((await poll(admin.ctx)).body).toEqual({ unread: before + 1 });

    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "Restart the client." });
    expect((await poll(user.ctx)).body).toEqual({ unread: 1 });
    await replyTicket(user.ctx, { ticketId: ticket.id, body: "Still broken." });
    expect((await poll(admin.ctx)).body).toEqual({ unread: before + 2 });

    await getMyTicket(user.ctx, ticket.id);
    expect((await poll(user.ctx)).body).toEqual({ unread: 0 });
    await getTicketAdmin(admin.ctx, ticket.id);
    await getTicketAdmin(admin.ctx, other.id);
    expect((await poll(admin.ctx)).body).toEqual({ unread: before });
  });
});

// The attachment and upload Route Handlers, called as Next calls them, with the session replaced by a
// chosen caller: the download access matrix (owner, another user, admin, anonymous) and its headers,
// and the multipart uploads (same-origin only, body capped while it streams, errors in our shape).
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import sharp from "sharp";
import { gif, gifJsPolyglot, png, pngBomb, pngWithImgOnerror, pngWithUtf16Script, signatureScriptIend, svg } from "./image-fixtures";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", () => ({ requestCtx: async () => caller.ctx }));

const { GET: download } = await import("../../src/app/api/support/attachments/[id]/route");
const { POST: openTicket } = await import("../../src/app/api/support/tickets/route");
const { POST: userReply } = await import("../../src/app/api/support/tickets/[id]/replies/route");
const { POST: staffReply } = await import("../../src/app/api/admin/support/tickets/[id]/replies/route");
const { getMyTicket } = await import("../../src/server/services/support");

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let owner: U, stranger: U, admin: U;
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { ticketOpenCap: 50 });
  [owner, stranger, admin] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db, "ADMIN")];
});

const ORIGIN = "http://relayboard.test";
const params = <P>(p: P) => ({ params: Promise.resolve(p) });
const as = (who: { ctx: Ctx } | "anonymous") => (caller.ctx = who === "anonymous" ? anonCtx(t.db) : who.ctx);

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer }[] = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const file of files) f.append("files", new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
  return f;
}

/** A browser's same-origin POST of a form (Request serializes the multipart body). */
function post(path: string, body: FormData | BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { host: "relayboard.test", origin: ORIGIN, "sec-fetch-site": "same-origin", ...headers } });
}

async function errorOf(res: Response) {
  const b = (await res.json()) as { error: { code: string; message: string; details?: { reason?: string } } };
  return { status: res.status, code: b.error.code, reason: b.error.details?.reason, message: b.error.message };
}

async function createWithImage(who: U, files = [{ name: "screen.png", bytes: png() }]) {
  as(who);
  const res = await openTicket(post("/api/support/tickets", form({ subject: "Help", category: "TECHNICAL", priority: "HIGH", body: "Look" }, files)), params({}));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const thread = await getMyTicket(who.ctx, id);
  return { ticketId: id, attachment: thread.messages[0]!.attachments[0]! };
}

describe("GET /api/support/attachments/{id}", () => {
  it("serves the owner and an admin inline as the proven image; another user and anonymous get 404", async () => {
    const { attachment } = await createWithImage(owner);
    const get = (query = "") => download(new Request(`${ORIGIN}/api/support/attachments/${attachment.id}${query}`), params({ id: attachment.id }));

    as(owner);
    const res = await get();
    expect(res.status).toBe(200);
    // What was stored is our re-encoding of the upload: the same pixels (issue 21 item 5).
    const served = Buffer.from(await res.arrayBuffer());
    expect((await sharp(served).raw().toBuffer()).equals(await sharp(png()).raw().toBuffer())).toBe(true);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": `inline; filename="screen.png"; filename*=UTF-8''screen.png`,
    });
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);

    as(admin);
    expect((await get()).status).toBe(200);
    const dl = await get("?download=1");
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(dl.headers.get("content-type")).toBe("application/octet-stream");

    for (const who of [stranger, "anonymous"] as const) {
      as(who);
      const r = await errorOf(await get());
      expect(r).toMatchObject({ status: 404, code: "NOT_FOUND", reason: "attachment_not_found" });
    }
    as("anonymous");
    expect((await errorOf(await download(new Request(`${ORIGIN}/api/support/attachments/nope`), params({ id: "nope" })))).status).toBe(404);
  });

  it("words a non-ASCII name per RFC 5987", async () => {
    const { attachment } = await createWithImage(owner, [{ name: "截图 (1).png", bytes: png() }]);
    as(owner);
    const res = await download(new Request(`${ORIGIN}/api/support/attachments/${attachment.id}?download=1`), params({ id: attachment.id }));
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="__ (1).png"; filename*=UTF-8''%E6%88%AA%E5%9B%BE%20%281%29.png`);
  });
});

describe("upload endpoints", () => {
  it("creates a ticket and replies with images on both sides", async () => {
    const { ticketId } = await createWithImage(owner);
    as(owner);
    expect((await userReply(post(`/api/support/tickets/${ticketId}/replies`, form({ body: "" }, [{ name: "more.gif", bytes: gif() }])), params({ id: ticketId }))).status).toBe(201);
    as(admin);
    expect((await staffReply(post(`/api/admin/support/tickets/${ticketId}/replies`, form({ body: "Fixed" })), params({ id: ticketId }))).status).toBe(201);
    const thread = await getMyTicket(owner.ctx, ticketId);
    expect(thread.messages.map((m) => [m.authorRole, m.attachments.length])).toEqual([["USER", 1], ["USER", 1], ["ADMIN", 0]]);
  });

  it("counts a user's posts before reading them: the 31st in an hour is 429 with Retry-After", async () => {
    const chatty = await makeUser(t.db);
    const { ticketId } = await createWithImage(chatty);
    as(chatty);
    // Refused posts count too (an empty message here): the limit is on uploads, not on successes.
    for (let i = 0; i < 29; i++) {
      expect((await userReply(post(`/api/support/tickets/${ticketId}/replies`, form({ body: "" })), params({ id: ticketId }))).status).toBe(400);
    }
    const refused = await userReply(post(`/api/support/tickets/${ticketId}/replies`, form({ body: "one more" })), params({ id: ticketId }));
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    // Someone else is not affected.
    as(stranger);
    expect((await openTicket(post("/api/support/tickets", form({ subject: "Mine", body: "Hello" })), params({}))).status).toBe(201);
  });

  it("refuses cross-site posts (403) before reading the body", async () => {
    as(owner);
    const body = form({ subject: "x", body: "y" });
    const cases: Record<string, string>[] = [{ origin: "https://evil.example", "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }, { "sec-fetch-site": "same-site" }, { origin: "null" }];
    for (const headers of cases) {
      const res = await openTicket(post("/api/support/tickets", body, headers), params({}));
      expect(await errorOf(res)).toMatchObject({ status: 403, code: "FORBIDDEN", reason: "cross_site_request" });
    }
  });

  it("answers 401 to anonymous, 403 to a user on the staff route, 404 for someone else's ticket", async () => {
    const { ticketId } = await createWithImage(owner);
    as("anonymous");
    expect((await errorOf(await openTicket(post("/api/support/tickets", form({ subject: "x", body: "y" })), params({})))).status).toBe(401);
    as(stranger);
    expect((await errorOf(await staffReply(post(`/api/admin/support/tickets/${ticketId}/replies`, form({ body: "hi" })), params({ id: ticketId })))).status).toBe(403);
    expect(await errorOf(await userReply(post(`/api/support/tickets/${ticketId}/replies`, form({ body: "hi" })), params({ id: ticketId })))).toMatchObject({ status: 404, reason: "ticket_not_found" });
  });

  it("refuses a body over the cap with 413, declared or streamed, and a non-multipart body with 415", async () => {
    as(owner);
    const cap = 3 * 3 * 1024 * 1024 + 64 * 1024;
    const declared = post("/api/support/tickets", "x", { "content-type": "multipart/form-data; boundary=b", "content-length": String(cap + 1) });
    expect(await errorOf(await openTicket(declared, params({})))).toMatchObject({ status: 413, reason: "payload_too_large" });
    // No length declared: cut off while streaming, after the cap, not after the whole body.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 1024 * 1024;
        c.enqueue(new Uint8Array(1024 * 1024));
        if (sent > 50 * 1024 * 1024) c.close();
      },
    });
    const streamed = new Request(`${ORIGIN}/api/support/tickets`, { method: "POST", body: endless, duplex: "half", headers: { host: "relayboard.test", origin: ORIGIN, "content-type": "multipart/form-data; boundary=b" } } as RequestInit);
    expect(await errorOf(await openTicket(streamed, params({})))).toMatchObject({ status: 413, reason: "payload_too_large" });
    expect(sent).toBeLessThan(15 * 1024 * 1024);
    const json = post("/api/support/tickets", JSON.stringify({ subject: "x", body: "y" }), { "content-type": "application/json" });
    expect(await errorOf(await openTicket(json, params({})))).toMatchObject({ status: 415, reason: "multipart_required" });
  });

  it("refuses four files, a 3 MiB + 1 byte file and an SVG named .png with clear reasons", async () => {
    as(owner);
    const send = (files: { name: string; bytes: Buffer }[]) => openTicket(post("/api/support/tickets", form({ subject: "x", body: "y" }, files)), params({}));
    expect(await errorOf(await send(Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, bytes: png() }))))).toMatchObject({ status: 400, reason: "attachment_too_many" });
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    png().copy(big);
    const tooBig = await errorOf(await send([{ name: "big.png", bytes: big }]));
    expect(tooBig).toMatchObject({ status: 413, reason: "attachment_too_large" });
    expect(tooBig.message).toMatch(/3 MiB/);
    expect(await errorOf(await send([{ name: "cute.png", bytes: svg() }]))).toMatchObject({ status: 400, reason: "attachment_not_an_image" });
  });

  it("issue 21 item 5: refuses the probe files that are no image or a pixel bomb, and serves only the re-encoded picture of the rest", async () => {
    as(owner);
    const send = (files: { name: string; bytes: Buffer }[]) => openTicket(post("/api/support/tickets", form({ subject: "x", body: "y" }, files)), params({}));
    expect(await errorOf(await send([{ name: "a.png", bytes: signatureScriptIend() }]))).toMatchObject({ status: 400, reason: "attachment_not_an_image" });
    expect(await errorOf(await send([{ name: "a.gif", bytes: gifJsPolyglot() }]))).toMatchObject({ status: 400, reason: "attachment_not_an_image" });
    const bomb = await errorOf(await send([{ name: "a.png", bytes: pngBomb() }]));
    expect(bomb).toMatchObject({ status: 400, reason: "attachment_too_many_pixels" });
    expect(bomb.message).toMatch(/40/); // in the caller's language: "40 megapixels" / "40 百万像素"
    const { attachment } = await createWithImage(owner, [{ name: "x.png", bytes: pngWithImgOnerror() }, { name: "y.png", bytes: pngWithUtf16Script() }]);
    const res = await download(new Request(`${ORIGIN}/api/support/attachments/${attachment.id}`), params({ id: attachment.id }));
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(served).not.toMatch(/onerror|alert|s\0c\0r\0i\0p\0t|tEXt/);
  });
});

// Ticket attachments at the service level: what is stored (proven type, safe name, hash, a 0600 file
// without extension), what is refused (disguises, too many, too large, an empty message), that a
// failed transaction leaves no file, that deleting a ticket removes its files, and that the staff
// side is notified of new tickets and user replies.
import { existsSync, readFileSync, statSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ticketAttachments } from "../../src/server/db/schema";
import { adminDeleteUser } from "../../src/server/services/accounts";
import { listMyNotifications } from "../../src/server/services/notifications";
import { updateSettings } from "../../src/server/services/settings";
import { adminDeleteTicket, adminReplyTicket, adminUpdateTicket, createTicket, deleteMyTicket, getMyTicket, getTicketAdmin, replyTicket } from "../../src/server/services/support";
import { attachmentPath } from "../../src/server/services/support/attachment-store";
import { safeFileName } from "../../src/server/services/support/attachments";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { gif, gifJsPolyglot, html, jpeg, png, pngBomb, pngThenHtml, pngWithAnchor, pngWithScriptChunk, pngWithUtf16Script, signatureScriptIend, svg, webp } from "./image-fixtures";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let admin2: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { ticketOpenCap: 50 });
  admin = await makeUser(t.db, "ADMIN");
  admin2 = await makeUser(t.db, "ADMIN");
});

const fields = { subject: "Screenshot attached", category: "TECHNICAL", priority: "NORMAL", body: "See the image." };
const storedIds = async (ticketId: string) => (await t.db.select({ id: ticketAttachments.id }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId))).map((r) => r.id);

describe("ticket attachments", () => {
  it("stores re-encoded images: type from the decoder, safe name with the right extension, hash, 0600 file", async () => {
    const u = await makeUser(t.db);
    const ticket = await createTicket(u.ctx, fields, [
      { name: "../../etc/screen shot.PNG", bytes: png() },
      { name: "photo.png", bytes: jpeg() },
      { name: 'evil"\u202e<x>.gif', bytes: gif() },
    ]);
    const mine = await getMyTicket(u.ctx, ticket.id);
    const files = mine.messages[0]!.attachments;
    expect(files.map((f) => [f.fileName, f.contentType]).sort()).toEqual(
      [["evilx.gif", "image/gif"], ["photo.jpg", "image/jpeg"], ["screen shot.png", "image/png"]].sort(),
    );
    expect(Object.keys(files[0]!).sort()).toEqual(["contentType", "fileName", "id", "sizeBytes"]);
    const [row] = await t.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, files.find((f) => f.contentType === "image/png")!.id));
    expect(row).toMatchObject({ uploaderId: u.id });
    const file = attachmentPath(row!.id);
    expect(file.endsWith(`/attachments/${row!.id.slice(0, 2)}/${row!.id}`)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Issue 21 item 5: the file is our re-encoding (the same pixels), and the row describes that file.
    const stored = readFileSync(file);
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(png()).raw().toBuffer())).toBe(true);
    expect(row).toMatchObject({ sizeBytes: stored.length, sha256: createHash("sha256").update(stored).digest("hex") });
    // The admin sees the same files.
    expect((await getTicketAdmin(admin.ctx, ticket.id)).messages[0]!.attachments).toHaveLength(3);
  });

  it("refuses disguised files whatever their name says, and writes nothing", async () => {
    const u = await makeUser(t.db);
    // Issue 21 item 5: what cannot be decoded, or declares too many pixels.
    const cases: [Buffer, string][] = [
      [html(), "attachment_not_an_image"],
      [svg(), "attachment_not_an_image"],
      [signatureScriptIend(), "attachment_not_an_image"],
      [gifJsPolyglot(), "attachment_not_an_image"],
      [png().subarray(0, 40), "attachment_not_an_image"],
      [pngBomb(), "attachment_too_many_pixels"],
    ];
    for (const [bytes, reason] of cases) {
      const e = await domainErrorOf(() => createTicket(u.ctx, fields, [{ name: "cat.png", bytes }]));
      expect([e.code, e.reason]).toEqual(["VALIDATION", reason]);
    }
    // A good file next to a bad one: the whole message is refused.
    const e = await domainErrorOf(() => replyTicket(u.ctx, { ticketId: "00000000-0000-4000-8000-000000000000", body: "x" }, [{ name: "a.png", bytes: png() }, { name: "b.png", bytes: svg() }]));
    expect(e.reason).toBe("attachment_not_an_image");
    expect((await listMine(u)).length).toBe(0);
  });

  it("stores only the picture of images carrying markup or appended data (issue 21 item 5: these were refused by a byte check; now nothing of them but the pixels is kept)", async () => {
    const u = await makeUser(t.db);
    const probes = [pngThenHtml(), Buffer.concat([png(), Buffer.from([0, 1, 2, 3])]), pngWithScriptChunk(), pngWithAnchor(), pngWithUtf16Script()];
    for (const bytes of probes) {
      const ticket = await createTicket(u.ctx, fields, [{ name: "cat.png", bytes }]);
      const [id] = await storedIds(ticket.id);
      const stored = readFileSync(attachmentPath(id!));
      expect(stored.equals(bytes)).toBe(false);
      expect(stored.toString("latin1")).not.toMatch(/<|s\0c\0r\0i\0p\0t|tEXt/);
      expect((await sharp(stored).raw().toBuffer()).equals(await sharp(png()).raw().toBuffer())).toBe(true);
      await deleteMyTicket(u.ctx, ticket.id);
    }
  });

  it("refuses a fourth file and a file of 3 MiB + 1 byte", async () => {
    const u = await makeUser(t.db);
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, bytes: png() }));
    expect(await domainErrorOf(() => createTicket(u.ctx, fields, four))).toMatchObject({ code: "VALIDATION", reason: "attachment_too_many", details: { max: 3 } });
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    png().copy(big);
    expect(await domainErrorOf(() => createTicket(u.ctx, fields, [{ name: "big.png", bytes: big }]))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", reason: "attachment_too_large", details: { maxMiB: 3 } });
    expect((await listMine(u)).length).toBe(0);
  });

  it("a message may be images alone, not nothing at all", async () => {
    const u = await makeUser(t.db);
    const ticket = await createTicket(u.ctx, { ...fields, body: "  " }, [{ name: "x.webp", bytes: webp() }]);
    expect((await getMyTicket(u.ctx, ticket.id)).messages[0]).toMatchObject({ body: "", attachments: [{ contentType: "image/webp" }] });
    expect(await domainErrorOf(() => replyTicket(u.ctx, { ticketId: ticket.id, body: "" }))).toMatchObject({ code: "VALIDATION", reason: "ticket_message_empty", details: { fields: { body: "required" } } });
    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "" }, [{ name: "answer.png", bytes: png() }]);
    expect((await getMyTicket(u.ctx, ticket.id)).messages[1]).toMatchObject({ authorRole: "ADMIN", attachments: [{ fileName: "answer.png" }] });
  });

  it("a refused transaction (ticket cap) leaves no file behind", async () => {
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 1 });
    try {
      const u = await makeUser(t.db);
      await createTicket(u.ctx, fields);
      const before = new Set(await allFiles());
      expect((await domainErrorOf(() => createTicket(u.ctx, fields, [{ name: "a.png", bytes: png() }]))).reason).toBe("ticket_limit");
      expect((await allFiles()).filter((f) => !before.has(f))).toEqual([]);
    } finally {
      await updateSettings(cliCtx(t.db), { ticketOpenCap: 50 });
    }
  });

  it("deleting a ticket, by its owner or by an admin, removes its files", async () => {
    const u = await makeUser(t.db);
    const a = await createTicket(u.ctx, fields, [{ name: "a.png", bytes: png() }]);
    await replyTicket(u.ctx, { ticketId: a.id, body: "and another" }, [{ name: "b.gif", bytes: gif() }]);
    const b = await createTicket(u.ctx, fields, [{ name: "c.jpg", bytes: jpeg() }]);
    const aFiles = await storedIds(a.id);
    const bFiles = await storedIds(b.id);
    expect(aFiles).toHaveLength(2);
    expect([...aFiles, ...bFiles].every((id) => existsSync(attachmentPath(id)))).toBe(true);
    await deleteMyTicket(u.ctx, a.id);
    expect(aFiles.some((id) => existsSync(attachmentPath(id)))).toBe(false);
    expect(existsSync(attachmentPath(bFiles[0]!))).toBe(true);
    await adminDeleteTicket(admin.ctx, b.id);
    expect(existsSync(attachmentPath(bFiles[0]!))).toBe(false);
  });

  it("deleting a user removes the files of their tickets, and only theirs", async () => {
    const [gone, stays] = [await makeUser(t.db), await makeUser(t.db)];
    const a = await createTicket(gone.ctx, fields, [{ name: "a.png", bytes: png() }]);
    await adminReplyTicket(admin.ctx, { ticketId: a.id, body: "Here is how" }, [{ name: "how.gif", bytes: gif() }]);
    const b = await createTicket(stays.ctx, fields, [{ name: "b.png", bytes: png() }]);
    const [aFiles, bFiles] = [await storedIds(a.id), await storedIds(b.id)];
    expect(aFiles).toHaveLength(2);
    await adminDeleteUser(admin.ctx, gone.id);
    expect(aFiles.some((id) => existsSync(attachmentPath(id)))).toBe(false);
    expect(existsSync(attachmentPath(bFiles[0]!))).toBe(true);
  });

  it("notifies every active admin of a new ticket, then the assignee alone of a user reply", async () => {
    const u = await makeUser(t.db);
    const ticket = await createTicket(u.ctx, { ...fields, subject: "Router on fire" });
    for (const a of [admin, admin2]) {
      const n = (await listMyNotifications(a.ctx)).rows.filter((r) => r.link === `/admin/tickets/${ticket.id}`);
      expect(n).toHaveLength(1);
      expect(n[0]).toMatchObject({ type: "TICKET" });
      expect(n[0]!.title).toContain("Router on fire");
    }
    // Unassigned: a reply reaches both admins.
    await replyTicket(u.ctx, { ticketId: ticket.id, body: "Still burning." });
    const count = async (a: typeof admin) => (await listMyNotifications(a.ctx)).rows.filter((r) => r.link === `/admin/tickets/${ticket.id}`).length;
    expect([await count(admin), await count(admin2)]).toEqual([2, 2]);
    await adminUpdateTicket(admin.ctx, { ticketId: ticket.id, assigneeId: admin2.id });
    await replyTicket(u.ctx, { ticketId: ticket.id, body: "Hello?" }, [{ name: "fire.png", bytes: png() }]);
    expect([await count(admin), await count(admin2)]).toEqual([2, 3]);
    // The user is never told of their own message.
    expect((await listMyNotifications(u.ctx)).rows).toHaveLength(0);
  });

  it("safeFileName keeps a readable name and forces the proven extension", () => {
    expect(safeFileName("C:\\Users\\me\\截图 1.PNG", "image/png")).toBe("截图 1.png");
    expect(safeFileName("....", "image/gif")).toBe("image.gif");
    expect(safeFileName("a\u0000b\nc.svg", "image/jpeg")).toBe("abc.jpg");
    expect(safeFileName("x".repeat(300) + ".png", "image/png")).toHaveLength(104);
  });
});

async function listMine(u: Awaited<ReturnType<typeof makeUser>>) {
  const { listMyTickets } = await import("../../src/server/services/support");
  return (await listMyTickets(u.ctx)).rows;
}

async function allFiles(): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  const { attachmentsDir } = await import("../../src/server/services/support/attachment-store");
  if (!existsSync(attachmentsDir())) return [];
  // Files only ("ab/<uuid>"): an emptied prefix directory may stay.
  return (await readdir(attachmentsDir(), { recursive: true })).map(String).filter((f) => f.includes("/"));
}

// Tickets: the open-ticket cap (also under concurrency on PostgreSQL), the status flow, replies that
// notify the user, unread markers on both sides, the admin queue's filters, and "not found" for
// anyone else's ticket.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { type Db } from "../../src/server/db/client";
import { tickets } from "../../src/server/db/schema";
import { listMyNotifications } from "../../src/server/services/notifications";
import { updateSettings } from "../../src/server/services/settings";
import {
  adminDeleteTicket,
  adminReplyTicket,
  adminUpdateTicket,
  closeMyTicket,
  createTicket,
  deleteMyTicket,
  getMyTicket,
  getTicketAdmin,
  listMyTickets,
  listTicketsAdmin,
  replyTicket,
} from "../../src/server/services/support";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile, openSecondInstance } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  second = openSecondInstance(t);
});
afterAll(() => second?.close());

const open = (u: { ctx: Parameters<typeof createTicket>[0] }, subject = "Cannot connect") => createTicket(u.ctx, { subject, category: "TECHNICAL", priority: "HIGH", body: "Nothing loads since this morning." });

describe("tickets", () => {
  it("caps open tickets per user from the setting; closing one makes room", async () => {
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 2 });
    const u = await makeUser(t.db);
    const first = await open(u, "one");
    await open(u, "two");
    const refused = await domainErrorOf(() => open(u, "three"));
    expect(refused).toMatchObject({ code: "CONFLICT", reason: "ticket_limit", details: { limit: 2 } });
    await closeMyTicket(u.ctx, first.id);
    await open(u, "three");
    expect((await listMyTickets(u.ctx)).total).toBe(3);
  });

  it("10 concurrent openings with a cap of 2 on two instances: exactly 2 tickets", async () => {
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 2 });
    const u = await makeUser(t.db);
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => open({ ctx: i % 2 ? makeCtx(second.db, u.ctx.actor, { ip: u.ctx.ip }) : u.ctx }, `race ${i}`)));
    expect(rs.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(rs.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason.reason === "ticket_limit")).toBe(true);
    expect(await t.db.select().from(tickets).where(eq(tickets.userId, u.id))).toHaveLength(2);
  });

  it("moves through the statuses, notifies the user of a reply, and keeps unread markers per side", async () => {
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 5 });
    const u = await makeUser(t.db);
    const ticket = await open(u, "Slow node");
    expect(ticket).toMatchObject({ status: "OPEN", priority: "HIGH", category: "TECHNICAL" });
    let queue = await listTicketsAdmin(admin.ctx, { q: "slow node" });
    expect(queue.rows.map((r) => [r.id, r.unread])).toEqual([[ticket.id, true]]);

    const seen = await getTicketAdmin(admin.ctx, ticket.id);
    expect(seen.messages.map((m) => m.authorRole)).toEqual(["USER"]);
    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "We are looking into it." });
    queue = await listTicketsAdmin(admin.ctx, { q: "slow node" });
    expect(queue.rows[0]).toMatchObject({ status: "ADMIN_REPLIED", unread: false, assigneeId: admin.id });
    expect((await listMyTickets(u.ctx)).rows[0]).toMatchObject({ unread: true });
    const bell = (await listMyNotifications(u.ctx)).rows;
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: "TICKET", link: `/tickets/${ticket.id}` });
    expect(bell[0]!.title).toContain("Slow node");

    const mine = await getMyTicket(u.ctx, ticket.id);
    expect(mine.messages.map((m) => m.body)).toEqual(["Nothing loads since this morning.", "We are looking into it."]);
    expect((await listMyTickets(u.ctx)).rows[0]!.unread).toBe(false);
    await replyTicket(u.ctx, { ticketId: ticket.id, body: "Thanks, still slow." });
    expect((await listTicketsAdmin(admin.ctx, { q: "slow node" })).rows[0]).toMatchObject({ status: "USER_REPLIED", unread: true });

    await closeMyTicket(u.ctx, ticket.id);
    expect((await domainErrorOf(() => replyTicket(u.ctx, { ticketId: ticket.id, body: "again" }))).reason).toBe("ticket_closed");
    // Staff may reopen by answering or by setting the status.
    await adminUpdateTicket(admin.ctx, { ticketId: ticket.id, status: "OPEN", priority: "URGENT" });
    expect((await listMyTickets(u.ctx)).rows[0]).toMatchObject({ status: "OPEN", priority: "URGENT", closedAt: null });
  });

  it("filters the admin queue and refuses a non-admin assignee", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const a = await open(u, "Billing question");
    const b = await open(u, "Another thing");
    await adminUpdateTicket(admin.ctx, { ticketId: a.id, assigneeId: admin.id, category: "BILLING" });
    const byMe = await listTicketsAdmin(admin.ctx, { assignee: "me", q: u.email });
    expect(byMe.rows.map((r) => r.id)).toEqual([a.id]);
    expect((await listTicketsAdmin(admin.ctx, { assignee: "none", q: u.email })).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await listTicketsAdmin(admin.ctx, { category: "BILLING", q: u.email })).total).toBe(1);
    expect((await listTicketsAdmin(admin.ctx, { priority: "LOW", q: u.email })).total).toBe(0);
    expect((await domainErrorOf(() => adminUpdateTicket(admin.ctx, { ticketId: b.id, assigneeId: other.id }))).reason).toBe("ticket_assignee_not_admin");
    expect((await domainErrorOf(() => adminUpdateTicket(admin.ctx, { ticketId: b.id }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => listTicketsAdmin(u.ctx))).code).toBe("FORBIDDEN");
  });

  it("someone else's ticket is not found for reading, replying, closing and deleting", async () => {
    const owner = await makeUser(t.db);
    const stranger = await makeUser(t.db);
    const ticket = await open(owner, "Private");
    for (const call of [
      () => getMyTicket(stranger.ctx, ticket.id),
      () => replyTicket(stranger.ctx, { ticketId: ticket.id, body: "hi" }),
      () => closeMyTicket(stranger.ctx, ticket.id),
      () => deleteMyTicket(stranger.ctx, ticket.id),
    ]) {
      expect((await domainErrorOf(call)).reason).toBe("ticket_not_found");
    }
    expect((await domainErrorOf(() => createTicket(owner.ctx, { subject: " ", body: "x" }))).code).toBe("VALIDATION");
    await deleteMyTicket(owner.ctx, ticket.id);
    expect((await domainErrorOf(() => adminDeleteTicket(admin.ctx, ticket.id))).reason).toBe("ticket_not_found");
  });
});

// The reads the ticket pages add: the user's "open" filter (every status but closed) and the list
// of administrators a ticket can be assigned to (active admins only, never users).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { adminUpdateTicket, closeMyTicket, createTicket, listMyTickets, listTicketAssignees } from "../../src/server/services/support";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";

const t = testDbForFile();

describe("ticket page queries", () => {
  it("filters the owner's tickets by open (not closed) and closed", async () => {
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 5 });
    const u = await makeUser(t.db);
    const a = await createTicket(u.ctx, { subject: "first", body: "hello" });
    await createTicket(u.ctx, { subject: "second", body: "hello" });
    await closeMyTicket(u.ctx, a.id);
    const open = await listMyTickets(u.ctx, { status: "ACTIVE" });
    expect(open.rows.map((r) => r.subject)).toEqual(["second"]);
    expect(open.total).toBe(1);
    const closed = await listMyTickets(u.ctx, { status: "CLOSED" });
    expect(closed.rows.map((r) => r.subject)).toEqual(["first"]);
    expect((await listMyTickets(u.ctx)).total).toBe(2);
    expect(await domainErrorOf(() => listMyTickets(u.ctx, { status: "SOMETHING" }))).toMatchObject({ code: "VALIDATION" });
  });

  it("lists active administrators as assignees, for admins only; each can be assigned", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const other = await makeUser(t.db, "ADMIN");
    const disabled = await makeUser(t.db, "ADMIN");
    await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, disabled.id));
    const user = await makeUser(t.db);
    const ids = (await listTicketAssignees(admin.ctx)).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, other.id]));
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(user.id);
    expect(await domainErrorOf(() => listTicketAssignees(user.ctx))).toMatchObject({ code: "FORBIDDEN" });

    const ticket = await createTicket(user.ctx, { subject: "assign me", body: "please" });
    const next = await adminUpdateTicket(admin.ctx, { ticketId: ticket.id, assigneeId: other.id });
    expect(next.assigneeId).toBe(other.id);
  });
});

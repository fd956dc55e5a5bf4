// Issue 29: "the staff" a ticket speaks to are the staff whose role reads tickets. A new ticket
// notifies the owner and support, not finance or operations; only those who may answer tickets are
// offered as assignees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMyNotifications } from "../../src/server/services/notifications";
import { createTicket, listTicketAssignees } from "../../src/server/services/support";
import { makeStaff, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("the staff a ticket reaches", () => {
  it("a new ticket notifies the staff who read tickets, and nobody else", async () => {
    const owner = await makeUser(t.db, "ADMIN");
    const support = await makeStaff(t.db, "support");
    const finance = await makeStaff(t.db, "finance");
    const ops = await makeStaff(t.db, "operations");
    const customer = await makeUser(t.db);
    const ticket = await createTicket(customer.ctx, { subject: "Cannot connect", category: "TECHNICAL", priority: "HIGH", body: "Nothing loads." });
    const notified = async (ctx: typeof owner.ctx) => (await listMyNotifications(ctx, {})).rows.some((n) => n.link === `/admin/tickets/${ticket.id}`);
    expect(await notified(owner.ctx)).toBe(true);
    expect(await notified(support.ctx)).toBe(true);
    expect(await notified(finance.ctx)).toBe(false);
    expect(await notified(ops.ctx)).toBe(false);
  });

  it("assignees are the staff who may answer tickets", async () => {
    const support = await makeStaff(t.db, "support");
    const finance = await makeStaff(t.db, "finance");
    const ids = (await listTicketAssignees(support.ctx)).map((a) => a.id);
    expect(ids).toContain(support.id);
    expect(ids).not.toContain(finance.id);
    await expect(listTicketAssignees(finance.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "permission_required", permission: "tickets.read" } });
  });
});

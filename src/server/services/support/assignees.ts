// Who a ticket can be assigned to: active staff whose role may answer tickets (adminUpdateTicket
// refuses anyone who is not an admin). A small list, read for the admin thread's assignee select and the queue's filter.
import { requireAdmin, type Ctx } from "../../context";
import { activeStaffWith } from "../staff/holders";

export interface TicketAssignee {
  id: string;
  name: string;
  email: string;
}

export async function listTicketAssignees(ctx: Ctx): Promise<TicketAssignee[]> {
  requireAdmin(ctx, "tickets.read");
  // Staff who may answer tickets (issue 29): a finance clerk is no assignee.
  const holders = await activeStaffWith(ctx.db, "tickets.write");
  return holders
    .map(({ id, name, email }) => ({ id, name, email }))
    .sort((a, b) => a.email.localeCompare(b.email))
    .slice(0, 200);
}

// Who a ticket can be assigned to: active administrators (adminUpdateTicket refuses anyone who is
// not an admin). A small list, read for the admin thread's assignee select and the queue's filter.
import { and, asc, eq } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { users } from "../../db/schema";

export interface TicketAssignee {
  id: string;
  name: string;
  email: string;
}

export async function listTicketAssignees(ctx: Ctx): Promise<TicketAssignee[]> {
  requireAdmin(ctx, "tickets.read");
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), eq(users.status, "ACTIVE")))
    .orderBy(asc(users.email))
    .limit(200);
}

"use server";
// Staff ticket operations without files: status, priority, category and assignee (one verb,
// audited by the service), and delete. Replies with images go through the admin multipart route.
// Admins only (the wrapper and the verbs check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { adminDeleteTicket, adminUpdateTicket } from "@/server/services/support";

type TicketChange = { status?: string; priority?: string; category?: string; assigneeId?: string | null };

/** `{ status?, priority?, category?, assigneeId? }`: only the given fields change; `assigneeId: null` unassigns. */
export async function updateTicketAction(...a: [ticketId: string, change: TicketChange]) {
  return runAction(
    args(["ticketId", str], ["change", fields]),
    a,
    async (ctx, [ticketId, change]) => {
      const t = await adminUpdateTicket(ctx, { ...change, ticketId });
      return { status: t.status, priority: t.priority, category: t.category, assigneeId: t.assigneeId };
    },
    { revalidate: ([ticketId]) => ["/admin/tickets", `/admin/tickets/${ticketId}`], permission: "tickets.write" },
  );
}

export async function deleteTicketAction(...a: [ticketId: string]) {
  return runAction(args(["ticketId", str]), a, (ctx, [ticketId]) => adminDeleteTicket(ctx, ticketId), { revalidate: ["/admin/tickets"], permission: "tickets.write" });
}

"use server";
// Staff ticket operations without files: status, priority, category and assignee (one verb,
// audited by the service), and delete. Replies with images go through the admin multipart route.
import { runAction } from "@/server/actions/run-action";
import { adminDeleteTicket, adminUpdateTicket } from "@/server/services/support";

/** `{ status?, priority?, category?, assigneeId? }`: only the given fields change; `assigneeId: null` unassigns. */
export async function updateTicketAction(ticketId: string, change: { status?: string; priority?: string; category?: string; assigneeId?: string | null }) {
  return runAction(
    async (ctx) => {
      const t = await adminUpdateTicket(ctx, { ...change, ticketId });
      return { status: t.status, priority: t.priority, category: t.category, assigneeId: t.assigneeId };
    },
    { revalidate: ["/admin/tickets", `/admin/tickets/${ticketId}`] },
  );
}

export async function deleteTicketAction(ticketId: string) {
  return runAction((ctx) => adminDeleteTicket(ctx, ticketId), { revalidate: ["/admin/tickets"] });
}

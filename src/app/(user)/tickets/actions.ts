"use server";
// The owner's ticket operations without files: close and delete (opening and replying carry images,
// so they go through the multipart routes). Each verb checks the session itself (requireUser).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { closeMyTicket, deleteMyTicket } from "@/server/services/support";

const TicketId = args(["ticketId", str]);

export async function closeMyTicketAction(...a: [ticketId: string]) {
  // Support stays open to a risk-restricted account; deleting a ticket does not (the review's thread stays).
  return runAction(TicketId, a, (ctx, [ticketId]) => closeMyTicket(ctx, ticketId), { revalidate: ([id]) => ["/tickets", `/tickets/${id}`], allowWhileRestricted: true });
}

export async function deleteMyTicketAction(...a: [ticketId: string]) {
  return runAction(TicketId, a, (ctx, [ticketId]) => deleteMyTicket(ctx, ticketId), { revalidate: ["/tickets"] });
}

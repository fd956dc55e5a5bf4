"use server";
// The owner's ticket operations without files: close and delete (opening and replying carry images,
// so they go through the multipart routes). Each verb checks the session itself (requireUser).
import { runAction } from "@/server/actions/run-action";
import { closeMyTicket, deleteMyTicket } from "@/server/services/support";

const pages = (id: string) => ["/tickets", `/tickets/${id}`];

export async function closeMyTicketAction(ticketId: string) {
  // Support stays open to a risk-restricted account; deleting a ticket does not (the review's thread stays).
  return runAction((ctx) => closeMyTicket(ctx, ticketId), { revalidate: pages(ticketId), allowWhileRestricted: true });
}

export async function deleteMyTicketAction(ticketId: string) {
  return runAction((ctx) => deleteMyTicket(ctx, ticketId), { revalidate: ["/tickets"] });
}

export { createTicket, replyTicket, closeMyTicket, deleteMyTicket, adminReplyTicket, adminUpdateTicket, adminDeleteTicket } from "./tickets";
export { listMyTickets, getMyTicket, listTicketsAdmin, getTicketAdmin } from "./ticket-queries";
export { sniffImage, type ImageType } from "./image-sniff";

export { createTicket, replyTicket, closeMyTicket, deleteMyTicket, adminReplyTicket, adminUpdateTicket, adminDeleteTicket } from "./tickets";
export { listMyTickets, getMyTicket, listTicketsAdmin, getTicketAdmin, countTicketsAwaitingStaff } from "./ticket-queries";
export { listTicketAssignees, type TicketAssignee } from "./assignees";
export { reencodeImage, MAX_IMAGE_PIXELS, type ImageType } from "./image-reencode";
export { openAttachment, MAX_UPLOAD_BODY_BYTES, type UploadedFile } from "./attachments";
export { requestSupportContact, confirmSupportContact, type ContactOutcome } from "./contact-request";

import { z } from "zod";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../../db/schema";

const body = z.string().trim().min(1).max(10_000);
export const CreateTicketInput = z.object({
  subject: z.string().trim().min(1).max(200),
  category: z.enum(TICKET_CATEGORIES).default("GENERAL"),
  priority: z.enum(TICKET_PRIORITIES).default("NORMAL"),
  body,
});
export const ReplyInput = z.object({ ticketId: z.uuid(), body });
export const AdminUpdateInput = z
  .object({
    ticketId: z.uuid(),
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    category: z.enum(TICKET_CATEGORIES).optional(),
    // null unassigns.
    assigneeId: z.uuid().nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.category !== undefined || v.assigneeId !== undefined, { message: "nothing to change", path: ["status"] });

// Ticket reads: the owner's list and thread, the admin queue (filters, search, unread markers) and
// thread. Opening a thread marks it read for that side.
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES, ticketAttachments, ticketMessages, tickets, users } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { markReadByLink } from "../notifications/read-by-link";

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });
const notFound = () => new DomainError("NOT_FOUND", "ticket_not_found");
const unreadBy = (readAt: typeof tickets.userReadAt | typeof tickets.adminReadAt) => sql<boolean>`(${readAt} is null or ${readAt} < ${tickets.lastMessageAt})`;

export async function listMyTickets(ctx: Ctx, raw: unknown = {}) {
  const { userId } = requireUser(ctx);
  // "ACTIVE": every status but CLOSED (the page's "open" filter).
  const input = parseInput(Page.extend({ status: z.enum([...TICKET_STATUSES, "ACTIVE"]).optional() }), raw);
  const byStatus = input.status === "ACTIVE" ? ne(tickets.status, "CLOSED") : input.status ? eq(tickets.status, input.status) : undefined;
  const where = and(eq(tickets.userId, userId), byStatus);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ticket: tickets, unread: unreadBy(tickets.userReadAt) })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.lastMessageAt))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.ticket, unread: r.unread })), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

async function thread(ctx: Ctx, ticketId: string) {
  const [messages, files] = await Promise.all([
    ctx.db
      .select({ id: ticketMessages.id, authorRole: ticketMessages.authorRole, authorName: users.name, body: ticketMessages.body, createdAt: ticketMessages.createdAt })
      .from(ticketMessages)
      .leftJoin(users, eq(users.id, ticketMessages.authorId))
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)),
    ctx.db
      .select({ id: ticketAttachments.id, messageId: ticketAttachments.messageId, fileName: ticketAttachments.fileName, contentType: ticketAttachments.contentType, sizeBytes: ticketAttachments.sizeBytes })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id)),
  ]);
  // One query for every message's files (stable order), grouped here per message.
  const byMessage = new Map<string, { id: string; fileName: string; contentType: string; sizeBytes: number }[]>();
  for (const { messageId, ...f } of files) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), f]);
  return messages.map((m) => ({ ...m, attachments: byMessage.get(m.id) ?? [] }));
}

/** The owner's ticket with its messages; marks it (and the owner's notifications of it) read. */
export async function getMyTicket(ctx: Ctx, ticketId: string) {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), ticketId);
  const [t] = await ctx.db.select().from(tickets).where(and(eq(tickets.id, id), eq(tickets.userId, userId)));
  if (!t) throw notFound();
  await Promise.all([ctx.db.update(tickets).set({ userReadAt: ctx.now() }).where(eq(tickets.id, id)), markReadByLink(ctx.db, userId, `/tickets/${id}`, ctx.now())]);
  return { ticket: t, messages: await thread(ctx, id) };
}

const AdminFilter = Page.extend({
  q: z.string().trim().max(200).optional(),
  status: z.enum([...TICKET_STATUSES, "ACTIVE"]).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  // "me", "none", or an admin's id.
  assignee: z.union([z.enum(["me", "none"]), z.uuid()]).optional(),
});

/** The admin queue: waiting on staff first (the user wrote last), then by the latest message. */
export async function listTicketsAdmin(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "tickets.read");
  const f = parseInput(AdminFilter, raw);
  const conds: (SQL | undefined)[] = [];
  if (f.status === "ACTIVE") conds.push(sql`${tickets.status} <> 'CLOSED'`);
  else if (f.status) conds.push(eq(tickets.status, f.status));
  if (f.priority) conds.push(eq(tickets.priority, f.priority));
  if (f.category) conds.push(eq(tickets.category, f.category));
  if (f.assignee === "none") conds.push(isNull(tickets.assigneeId));
  else if (f.assignee === "me") conds.push(ctx.actor.userId ? eq(tickets.assigneeId, ctx.actor.userId) : sql`false`);
  else if (f.assignee) conds.push(eq(tickets.assigneeId, f.assignee));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(tickets.subject, like), ilike(users.email, like)));
  }
  const where = and(...conds);
  const waiting = sql<number>`case when ${tickets.status} in ('OPEN', 'USER_REPLIED') then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ticket: tickets, userEmail: users.email, unread: unreadBy(tickets.adminReadAt) })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(asc(waiting), desc(tickets.lastMessageAt))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.ticket, userEmail: r.userEmail, unread: r.unread })), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

/** Any ticket with its messages, for an admin; marks it read for staff. */
export async function getTicketAdmin(ctx: Ctx, ticketId: string) {
  requireAdmin(ctx, "tickets.read");
  const id = parseInput(z.uuid(), ticketId);
  const [row] = await ctx.db.select({ ticket: tickets, userEmail: users.email }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(eq(tickets.id, id));
  if (!row) throw notFound();
  // Read for staff, and this admin's notifications of it ("new ticket", "user replied") with it.
  await Promise.all([ctx.db.update(tickets).set({ adminReadAt: ctx.now() }).where(eq(tickets.id, id)), ctx.actor.userId ? markReadByLink(ctx.db, ctx.actor.userId, `/admin/tickets/${id}`, ctx.now()) : 0]);
  return { ticket: row.ticket, userEmail: row.userEmail, messages: await thread(ctx, id) };
}

/** How many tickets wait on staff (new or answered by their user): the admin menu's badge. */
export async function countTicketsAwaitingStaff(ctx: Ctx): Promise<number> {
  requireAdmin(ctx, "tickets.read");
  const [row] = await ctx.db.select({ n: count() }).from(tickets).where(or(eq(tickets.status, "OPEN"), eq(tickets.status, "USER_REPLIED")));
  return row?.n ?? 0;
}

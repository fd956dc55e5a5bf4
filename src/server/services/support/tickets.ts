// Support tickets (behaviour §11): the user opens one (capped per user, the cap decided under a lock
// on the user's row so two tabs cannot both pass it), both sides reply, either side closes; the
// admin also changes status, priority, category and assignee, and deletes. A reply notifies the
// other side (and mails the user when they chose tickets by mail). Someone else's ticket is "not found".
// Messages carry up to 3 images (attachments.ts): a message may be images alone, or words alone,
// but not empty. Files are written before the transaction and removed if it fails; a deleted
// ticket's files are removed after the commit.
import { and, eq, ne, count } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { ticketMessages, tickets, users, type Ticket } from "../../db/schema";
import { conflict, DomainError, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { getSettingsWithSecrets } from "../settings/queries";
import { attachmentIdsOf, checkFiles, insertAttachmentRows, withStoredFiles, type CheckedFile, type UploadedFile } from "./attachments";
import { removeAttachmentFiles } from "./attachment-store";
import { notifyStaff } from "./notify-staff";
import { AdminUpdateInput, CreateTicketInput, ReplyInput } from "./ticket-input";
import { publishEvent } from "../events/publish";

// The body may be empty when images say it all; messageOf() then requires at least one file.
const optionalBody = z.string().trim().max(10_000).default("");
// Both exported for the OpenAPI document (src/server/openapi): the multipart fields of the ticket routes.
export const CreateInput = CreateTicketInput.extend({ body: optionalBody });
export const ReplyWithFilesInput = ReplyInput.extend({ body: optionalBody });

/** Parses the words, then checks and re-encodes the files, before any lock is taken or byte written. */
async function messageOf<T extends { body: string }>(schema: z.ZodType<T, unknown>, raw: unknown, files: readonly UploadedFile[]): Promise<{ input: T; checked: CheckedFile[] }> {
  const input: T = parseInput(schema, raw);
  const checked = await checkFiles(files);
  if (!input.body && !checked.length) throw validationError("ticket_message_empty", { fields: { body: "required" } });
  return { input, checked };
}

const notFound = () => new DomainError("NOT_FOUND", "ticket_not_found");

async function ownTicket(tx: Tx, userId: string, ticketId: string, lock = false): Promise<Ticket> {
  const q = tx.select().from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)));
  const [t] = lock ? await q.for("update") : await q;
  if (!t) throw notFound();
  return t;
}

async function anyTicket(tx: Tx, ticketId: string): Promise<Ticket> {
  const [t] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
  if (!t) throw notFound();
  return t;
}

export async function createTicket(ctx: Ctx, raw: unknown, files: readonly UploadedFile[] = []): Promise<Ticket> {
  const { userId } = requireUser(ctx);
  const { input, checked } = await messageOf(CreateInput, raw, files);
  const cap = (await getSettingsWithSecrets(ctx.db)).ticketOpenCap;
  return withStoredFiles(checked, () => ctx.db.transaction((tx) => openTicketTx(tx, { userId, cap, input, checked, now: ctx.now() })));
}

type NewTicket = { userId: string; cap: number; input: z.output<typeof CreateInput>; checked: readonly CheckedFile[]; now: Date };

/** Opens a ticket inside the caller's transaction (also the contact form's confirmation): the cap is decided under a lock on the user's row. */
export async function openTicketTx(tx: Tx, { userId, cap, input, checked, now }: NewTicket): Promise<Ticket> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [open] = await tx.select({ n: count() }).from(tickets).where(and(eq(tickets.userId, userId), ne(tickets.status, "CLOSED")));
  if ((open?.n ?? 0) >= cap) throw conflict("ticket_limit", { limit: cap });
  const [ticket] = await tx
    .insert(tickets)
    .values({ userId, subject: input.subject, category: input.category, priority: input.priority, lastMessageAt: now, userReadAt: now, createdAt: now, updatedAt: now })
    .returning();
  const [m] = await tx.insert(ticketMessages).values({ ticketId: ticket!.id, authorId: userId, authorRole: "USER", body: input.body, createdAt: now }).returning({ id: ticketMessages.id });
  await insertAttachmentRows(tx, { ticketId: ticket!.id, messageId: m!.id, uploaderId: userId, now }, checked);
  await notifyStaff(tx, ticket!, { key: "ticketNew", dedupeKey: `ticket-new:${ticket!.id}` });
  await publishEvent(tx, "ticket.created", { ticketId: ticket!.id, userId, subject: ticket!.subject, category: ticket!.category, priority: ticket!.priority });
  return ticket!;
}

/** The owner replies; a closed ticket takes no more replies (open a new one). */
export async function replyTicket(ctx: Ctx, raw: unknown, files: readonly UploadedFile[] = []): Promise<{ messageId: string }> {
  const { userId } = requireUser(ctx);
  const { input, checked } = await messageOf(ReplyWithFilesInput, raw, files);
  return withStoredFiles(checked, () => ctx.db.transaction(async (tx) => {
    const t = await ownTicket(tx, userId, input.ticketId, true);
    if (t.status === "CLOSED") throw conflict("ticket_closed");
    const now = ctx.now();
    const [m] = await tx.insert(ticketMessages).values({ ticketId: t.id, authorId: userId, authorRole: "USER", body: input.body, createdAt: now }).returning({ id: ticketMessages.id });
    await insertAttachmentRows(tx, { ticketId: t.id, messageId: m!.id, uploaderId: userId, now }, checked);
    await tx.update(tickets).set({ status: "USER_REPLIED", lastMessageAt: now, userReadAt: now, updatedAt: now }).where(eq(tickets.id, t.id));
    await notifyStaff(tx, t, { key: "ticketUserReply", dedupeKey: `ticket-user-reply:${m!.id}` });
    return { messageId: m!.id };
  }));
}

export async function closeMyTicket(ctx: Ctx, ticketId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), ticketId);
  await ctx.db.transaction(async (tx) => {
    const t = await ownTicket(tx, userId, id, true);
    if (t.status === "CLOSED") return;
    await tx.update(tickets).set({ status: "CLOSED", closedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(tickets.id, t.id));
  });
}

/** The ticket is locked before its files are listed, so no reply can add one between list and delete. */
export async function deleteMyTicket(ctx: Ctx, ticketId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), ticketId);
  const files = await ctx.db.transaction(async (tx) => {
    await ownTicket(tx, userId, id, true);
    const ids = await attachmentIdsOf(tx, id);
    await tx.delete(tickets).where(eq(tickets.id, id));
    return ids;
  });
  await removeAttachmentFiles(files);
}

/** The admin answers: the ticket waits on the user, who is told in the bell (and by mail if chosen). */
export async function adminReplyTicket(ctx: Ctx, raw: unknown, files: readonly UploadedFile[] = []): Promise<{ messageId: string }> {
  requireAdmin(ctx, "tickets.write");
  const adminId = ctx.actor.userId ?? null;
  const { input, checked } = await messageOf(ReplyWithFilesInput, raw, files);
  return withStoredFiles(checked, () => ctx.db.transaction(async (tx) => {
    const t = await anyTicket(tx, input.ticketId);
    const now = ctx.now();
    const [m] = await tx.insert(ticketMessages).values({ ticketId: t.id, authorId: adminId, authorRole: "ADMIN", body: input.body, createdAt: now }).returning({ id: ticketMessages.id });
    await insertAttachmentRows(tx, { ticketId: t.id, messageId: m!.id, uploaderId: adminId, now }, checked);
    await tx
      .update(tickets)
      .set({ status: "ADMIN_REPLIED", lastMessageAt: now, adminReadAt: now, closedAt: null, updatedAt: now, assigneeId: t.assigneeId ?? adminId })
      .where(eq(tickets.id, t.id));
    await notify(tx, { userId: t.userId, type: "TICKET", level: "INFO", text: { key: "ticketReply", params: { subject: t.subject } }, link: `/tickets/${t.id}`, dedupeKey: `ticket-reply:${m!.id}` });
    await recordAudit(ctx, { action: "ticket.replied", targetType: "ticket", targetId: t.id, metadata: checked.length ? { attachments: checked.length } : undefined }, tx);
    return { messageId: m!.id };
  }));
}

export async function adminUpdateTicket(ctx: Ctx, raw: unknown): Promise<Ticket> {
  requireAdmin(ctx, "tickets.write");
  const input = parseInput(AdminUpdateInput, raw);
  return ctx.db.transaction(async (tx) => {
    const t = await anyTicket(tx, input.ticketId);
    if (input.assigneeId) {
      const [a] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.assigneeId));
      if (a?.role !== "ADMIN") throw validationError("ticket_assignee_not_admin", { fields: { assigneeId: "invalid" } });
    }
    const now = ctx.now();
    const status = input.status ?? t.status;
    const [next] = await tx
      .update(tickets)
      .set({
        status,
        priority: input.priority ?? t.priority,
        category: input.category ?? t.category,
        assigneeId: input.assigneeId === undefined ? t.assigneeId : input.assigneeId,
        closedAt: status === "CLOSED" ? (t.closedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(tickets.id, t.id))
      .returning();
    const changes = Object.fromEntries(Object.entries(input).filter(([k, v]) => k !== "ticketId" && v !== undefined));
    await recordAudit(ctx, { action: "ticket.updated", targetType: "ticket", targetId: t.id, metadata: changes }, tx);
    return next!;
  });
}

export async function adminDeleteTicket(ctx: Ctx, ticketId: string): Promise<void> {
  requireAdmin(ctx, "tickets.write");
  const id = parseInput(z.uuid(), ticketId);
  const files = await ctx.db.transaction(async (tx) => {
    await anyTicket(tx, id);
    const ids = await attachmentIdsOf(tx, id);
    await tx.delete(tickets).where(eq(tickets.id, id));
    await recordAudit(ctx, { action: "ticket.deleted", targetType: "ticket", targetId: id }, tx);
    return ids;
  });
  await removeAttachmentFiles(files);
}

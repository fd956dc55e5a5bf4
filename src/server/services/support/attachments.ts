// Ticket attachments: checked (count, size), then decoded and re-encoded (image-reencode.ts): what is
// written to disk is the image we encoded, never the uploaded bytes. Files are written before the
// transaction that records them and removed again if that transaction fails. The row keeps the
// type, size and hash of the stored file, never the declared ones. Reading one is for the ticket's
// owner or an admin; to everyone else, signed in or not, it does not exist.
import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, ticketAttachments, tickets } from "../../db/schema";
import { DomainError, validationError } from "../../errors";
import { openAttachmentFile, removeAttachmentFiles, writeAttachmentFile } from "./attachment-store";
import { IMAGE_EXTENSIONS, reencodeImage, type ImageType } from "./image-reencode";

export interface UploadedFile { name: string; bytes: Uint8Array }
export interface CheckedFile { id: string; fileName: string; contentType: ImageType; sizeBytes: number; sha256: string; bytes: Uint8Array }

/** An upload request's body cap: the most files at their largest, plus room for the text fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_ATTACHMENTS_PER_MESSAGE * MAX_ATTACHMENT_BYTES + 64 * 1024;

const attachmentNotFound = () => new DomainError("NOT_FOUND", "attachment_not_found");

/**
 * A name for the download only: no path, no control or shell-special characters, at most 100
 * characters, and the extension of the type the bytes proved (a JPEG named ".png" downloads as ".jpg").
 */
export function safeFileName(raw: string, type: ImageType): string {
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .replace(/^\.+/, "");
  const stem = base.replace(/\.[^.]*$/, "").trim();
  return `${Array.from(stem || "image").slice(0, 100).join("")}.${IMAGE_EXTENSIONS[type]}`;
}

const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", "attachment_too_large", { maxMiB: MAX_ATTACHMENT_BYTES / (1024 * 1024) });

/**
 * Every check before anything is written: how many and how big (all of them, before any decoding),
 * then each file decoded and re-encoded, one at a time (a decoded image can take 160 MB). The
 * re-encoded file may be larger than the upload; twice the upload limit bounds what lands on disk.
 */
export async function checkFiles(files: readonly UploadedFile[]): Promise<CheckedFile[]> {
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) throw validationError("attachment_too_many", { max: MAX_ATTACHMENTS_PER_MESSAGE });
  if (files.some((f) => f.bytes.byteLength > MAX_ATTACHMENT_BYTES)) throw tooLarge();
  const checked: CheckedFile[] = [];
  for (const f of files) {
    const image = await reencodeImage(f.bytes);
    if (image.bytes.byteLength > 2 * MAX_ATTACHMENT_BYTES) throw tooLarge();
    checked.push({
      id: randomUUID(),
      fileName: safeFileName(f.name, image.type),
      contentType: image.type,
      sizeBytes: image.bytes.byteLength,
      sha256: createHash("sha256").update(image.bytes).digest("hex"),
      bytes: image.bytes,
    });
  }
  return checked;
}

/**
 * Writes the files, then runs `work` (the transaction that records them). If anything fails the
 * files are removed, so a failed request leaves neither a row without a file nor a file without a row
 * (a crash between the two can still leave an unreferenced file: harmless, never served).
 */
export async function withStoredFiles<T>(files: readonly CheckedFile[], work: () => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    for (const f of files) {
      await writeAttachmentFile(f.id, f.bytes);
      written.push(f.id);
    }
    return await work();
  } catch (err) {
    await removeAttachmentFiles(written);
    throw err;
  }
}

export async function insertAttachmentRows(tx: Tx, at: { ticketId: string; messageId: string; uploaderId: string | null; now: Date }, files: readonly CheckedFile[]): Promise<void> {
  if (!files.length) return;
  await tx.insert(ticketAttachments).values(
    files.map((f) => ({ id: f.id, ticketId: at.ticketId, messageId: at.messageId, uploaderId: at.uploaderId, contentType: f.contentType, fileName: f.fileName, sizeBytes: f.sizeBytes, sha256: f.sha256, createdAt: at.now })),
  );
}

/** The ids of a ticket's files, read under the caller's lock on the ticket, to remove after commit. */
export async function attachmentIdsOf(tx: Tx, ticketId: string): Promise<string[]> {
  const rows = await tx.select({ id: ticketAttachments.id }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
  return rows.map((r) => r.id);
}

/** An attachment's metadata and bytes for its ticket's owner or an admin; "not found" for anyone else. */
export async function openAttachment(ctx: Ctx, rawId: string) {
  const parsed = z.uuid().safeParse(rawId);
  const userId = ctx.actor.userId;
  if (!parsed.success || !userId) throw attachmentNotFound();
  const admin = ctx.actor.kind === "admin" && ctx.actor.role === "ADMIN";
  const [row] = await ctx.db
    .select({ id: ticketAttachments.id, fileName: ticketAttachments.fileName, contentType: ticketAttachments.contentType, sizeBytes: ticketAttachments.sizeBytes, sha256: ticketAttachments.sha256 })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, parsed.data.toLowerCase()), admin ? undefined : eq(tickets.userId, userId)));
  if (!row) throw attachmentNotFound();
  const file = await openAttachmentFile(row.id);
  if (!file) throw attachmentNotFound();
  return { ...row, contentType: row.contentType as ImageType, stream: file.stream };
}

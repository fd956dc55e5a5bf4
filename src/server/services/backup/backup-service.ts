// The backup verbs for the admin routes and the CLI. A download is written to a private temporary
// file first (one consistent snapshot read at database speed, not at the client's pace, so a slow
// download never holds a transaction open) and then streamed from the open file, which is unlinked
// at once. An upload is copied to disk under the size cap, checked whole, then replayed.
import { open, rename, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { DomainError, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { clearContentCache } from "../subscription-content/render";
import { writeDump, type DumpSummary } from "./dump-writer";
import { backupsDir, dumpFileName, fileSink, listDumpFiles, removeQuietly, saveCapped, STORED_NAME, tempPath, type StoredDump } from "./files";
import { restoreDumpFile, type RestoreResult } from "./restore";

/** The word an admin types to confirm a restore (shown on the page; not translated, on purpose). */
export const RESTORE_CONFIRM_WORD = "RESTORE";
/** Uploads beyond this are refused (413) while they stream in. */
export const RESTORE_MAX_BYTES = 1024 * 1024 * 1024;

const total = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

/** Writes a complete dump to `file` (0600, never over an existing file); removes it on failure. */
export async function writeDumpFile(ctx: Ctx, file: string): Promise<DumpSummary> {
  const sink = fileSink(file);
  try {
    const summary = await writeDump(ctx.db, sink.write, { now: ctx.now() });
    await sink.close();
    return summary;
  } catch (err) {
    sink.destroy();
    await removeQuietly(file);
    throw err;
  }
}

export interface BackupDownload {
  stream: ReadableStream<Uint8Array>;
  fileName: string;
  size: number;
}

async function streamAndForget(file: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number }> {
  const handle = await open(file, "r");
  // The open handle keeps the data; the name goes now, so nothing is left behind if the client leaves.
  await removeQuietly(file);
  const { size } = await handle.stat();
  const node = handle.createReadStream({ highWaterMark: 64 * 1024 });
  return { stream: Readable.toWeb(node) as ReadableStream<Uint8Array>, size };
}

/** GET /api/admin/backup/database: the whole database as a dump, audited (never its content). */
export async function createBackupDownload(ctx: Ctx, opts: { dir?: string } = {}): Promise<BackupDownload> {
  requireAdmin(ctx, "backup.manage");
  const file = await tempPath(opts.dir ?? backupsDir(), "download");
  const summary = await writeDumpFile(ctx, file);
  const out = await streamAndForget(file);
  await recordAudit(ctx, { action: "backup.download", targetType: "database", metadata: { rows: total(summary.rows), tables: Object.keys(summary.rows).length, bytes: out.size } });
  return { ...out, fileName: dumpFileName(ctx.now()) };
}

// Exported for the OpenAPI document (src/server/openapi): the x-relayboard-confirm header of the restore route.
export const RestoreInput = z.object({ confirm: z.string().max(100) });

async function restoreAudited(ctx: Ctx, file: string, bytes: number): Promise<RestoreResult> {
  try {
    const result = await restoreDumpFile(ctx.db, file, { now: ctx.now() });
    // Content versions restart from the dump's values; cached renders of this process must not be
    // mistaken for them (other instances are restarted: README "Backup and restore").
    clearContentCache();
    // Written after the commit, so the restored audit log keeps this row.
    await recordAudit(ctx, { action: "backup.restore", targetType: "database", metadata: { rows: result.rows, total: total(result.rows), bytes, dumpCreatedAt: result.dumpCreatedAt, sessionsRevoked: result.sessionsRevoked } });
    return result;
  } catch (err) {
    if (err instanceof DomainError) {
      await recordAudit(ctx, { action: "backup.restore_refused", targetType: "database", metadata: { reason: err.reason, line: typeof err.details.line === "number" ? err.details.line : null, bytes } });
    }
    throw err;
  }
}

/** POST /api/admin/backup/restore: the typed word first, then the body (capped), then the restore. */
export async function restoreUploadedDump(
  ctx: Ctx,
  raw: unknown,
  body: ReadableStream<Uint8Array> | null,
  opts: { declaredLength?: string | null; maxBytes?: number; dir?: string } = {},
): Promise<RestoreResult> {
  requireAdmin(ctx, "backup.manage");
  const { confirm } = parseInput(RestoreInput, raw);
  if (confirm.trim() !== RESTORE_CONFIRM_WORD) throw validationError("backup_confirmation_wrong", { word: RESTORE_CONFIRM_WORD });
  const file = await tempPath(opts.dir ?? backupsDir(), "upload");
  try {
    const bytes = await saveCapped(body, file, opts.maxBytes ?? RESTORE_MAX_BYTES, opts.declaredLength);
    return await restoreAudited(ctx, file, bytes);
  } finally {
    await removeQuietly(file);
  }
}

/** The CLI's `restore <file>` (the operator named the file; nothing else is asked). */
export async function restoreDumpFromPath(ctx: Ctx, file: string): Promise<RestoreResult> {
  requireAdmin(ctx, "backup.manage");
  const { size } = await stat(file);
  if (size > RESTORE_MAX_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", "payload_too_large", { maxBytes: RESTORE_MAX_BYTES });
  return restoreAudited(ctx, file, size);
}

/** The CLI's `backup <file>`: written beside the target and renamed in, so a cut run leaves no half file. */
export async function backupToPath(ctx: Ctx, file: string): Promise<DumpSummary> {
  requireAdmin(ctx, "backup.manage");
  const tmp = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${process.pid}.partial`);
  const summary = await writeDumpFile(ctx, tmp);
  await rename(tmp, file);
  await recordAudit(ctx, { action: "backup.download", targetType: "database", metadata: { rows: total(summary.rows), tables: Object.keys(summary.rows).length, to: "cli-file" } });
  return summary;
}

/** The stored scheduled dumps, newest first. */
export async function listStoredBackups(ctx: Ctx, opts: { dir?: string } = {}): Promise<StoredDump[]> {
  requireAdmin(ctx, "backup.manage");
  return listDumpFiles(opts.dir ?? backupsDir());
}

/** One stored dump for download, by its exact name (anything else is "not found"). */
export async function openStoredBackup(ctx: Ctx, name: string, opts: { dir?: string } = {}): Promise<BackupDownload> {
  requireAdmin(ctx, "backup.manage");
  if (!STORED_NAME.test(name)) throw new DomainError("NOT_FOUND", "backup_not_found");
  let handle;
  try {
    handle = await open(path.join(opts.dir ?? backupsDir(), name), "r");
  } catch {
    throw new DomainError("NOT_FOUND", "backup_not_found");
  }
  const { size } = await handle.stat();
  await recordAudit(ctx, { action: "backup.download_stored", targetType: "backup", targetId: name, metadata: { bytes: size } });
  return { stream: Readable.toWeb(handle.createReadStream({ highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>, fileName: name, size };
}

// Where attachment bytes live: DATA_DIR/attachments/<first 2 chars of the id>/<id>, no extension
// (nothing on disk is named like something a web server or a desktop would run or render), mode
// 0600 in 0700 directories. A file is written under a temporary name and renamed into place, so a
// reader never sees half a file. The database row is the only record of what a file is.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { describeError } from "../../describe-error";
import { env } from "../../env";
import { log } from "../../logger";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const attachmentsDir = () => path.join(env().dataDir, "attachments");

/** The file of an attachment id; only a uuid names a file, so no id can walk out of the directory. */
export function attachmentPath(id: string): string {
  if (!ID.test(id)) throw new Error("attachment id must be a lower-case uuid");
  return path.join(attachmentsDir(), id.slice(0, 2), id);
}

export async function writeAttachmentFile(id: string, bytes: Uint8Array): Promise<void> {
  const file = attachmentPath(id);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    // "wx": never follow or reuse something already at the temporary name.
    await writeFile(tmp, bytes, { mode: 0o600, flag: "wx" });
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Removes files; a missing one is fine (already gone), any other failure is logged, not thrown. */
export async function removeAttachmentFiles(ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map((id) =>
      unlink(attachmentPath(id)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") log.error("attachment file not removed", { attachmentId: id, error: describeError(err) });
      }),
    ),
  );
}

/** The file as a web stream, or null when it is not on disk (a row whose file was lost). */
export async function openAttachmentFile(id: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  const file = attachmentPath(id);
  try {
    const s = await stat(file);
    if (!s.isFile()) return null;
    return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: s.size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

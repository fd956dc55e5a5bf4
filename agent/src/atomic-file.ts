// Durable small-file writes: write a temporary sibling, fsync it, rename over the target, fsync the
// directory. A crash leaves either the old content or the new, never a torn file.
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

export const TMP_PREFIX = ".tmp-";

export async function writeFileAtomic(file: string, data: string | Buffer, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `${TMP_PREFIX}${randomBytes(6).toString("hex")}-${path.basename(file)}`);
  const fh = await fs.open(tmp, "wx", mode);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await syncDir(dir);
}

export async function syncDir(dir: string): Promise<void> {
  // Some filesystems refuse fsync on a directory; the rename is then as durable as they allow.
  const dh = await fs.open(dir, "r").catch(() => null);
  if (!dh) return;
  try {
    await dh.sync();
  } catch {
    /* not supported here */
  } finally {
    await dh.close();
  }
}

export async function readJsonFile<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

// Where dumps live on disk: DATA_DIR/backups (0700) holds the scheduled dumps (0600 each) and a
// `.tmp` directory for dumps being written or uploads being checked. Names are ours, never a
// caller's: a stored dump is fetched by a name that must match STORED_NAME exactly.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { env } from "../../env";
import { DomainError } from "../../errors";

export const backupsDir = () => path.join(env().dataDir, "backups");

/** `relayboard-backup-2026-11-27T03-00-00Z.sql`: sorts by time, safe in every file system. */
export const dumpFileName = (at: Date) => `relayboard-backup-${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z.sql`;
export const STORED_NAME = /^relayboard-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/;

export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Temporary files older than this were left by a process that died mid-dump or mid-upload. */
const STALE_TEMP_MS = 24 * 3_600_000;

/** A fresh private temporary path under `<dir>/.tmp` (sweeping what crashed runs left there). */
export async function tempPath(dir: string, what: string): Promise<string> {
  const tmp = path.join(dir, ".tmp");
  await ensureDir(dir);
  await ensureDir(tmp);
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const file = path.join(tmp, name);
    const s = await stat(file).catch(() => null);
    if (s?.isFile() && Date.now() - s.mtimeMs > STALE_TEMP_MS) await removeQuietly(file);
  }
  return path.join(tmp, `${what}-${Date.now()}-${randomBytes(6).toString("hex")}.sql`);
}

export const removeQuietly = (file: string) => unlink(file).catch(() => undefined);

/** A writer for writeDump: creates the file 0600 (never over an existing one) and waits on drain. */
export function fileSink(file: string) {
  const out = createWriteStream(file, { mode: 0o600, flags: "wx", encoding: "utf8" });
  let failed: Error | undefined;
  out.on("error", (err) => (failed = err));
  return {
    write: (s: string) =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        if (out.write(s)) resolve();
        else {
          out.once("drain", resolve);
          out.once("error", reject);
        }
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        out.end((err?: Error | null) => (err ? reject(err) : resolve()));
      }),
    destroy: () => out.destroy(),
  };
}

const tooLarge = (maxBytes: number) => new DomainError("PAYLOAD_TOO_LARGE", "payload_too_large", { maxBytes });

/** Copies a request body into `file` (0600), refusing (413) as soon as it passes `maxBytes`. */
export async function saveCapped(body: ReadableStream<Uint8Array> | null, file: string, maxBytes: number, declared?: string | null): Promise<number> {
  if (declared != null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const out = createWriteStream(file, { mode: 0o600, flags: "wx" });
  let size = 0;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge(maxBytes);
        }
        if (!out.write(value)) await new Promise<void>((r) => out.once("drain", () => r()));
      }
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return size;
  } catch (err) {
    out.destroy();
    await removeQuietly(file);
    throw err;
  }
}

export interface StoredDump {
  name: string;
  size: number;
  createdAt: string;
}

/** The scheduled dumps in `dir`, newest first. */
export async function listDumpFiles(dir: string): Promise<StoredDump[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const out: StoredDump[] = [];
  for (const name of names.filter((n) => STORED_NAME.test(n)).sort().reverse()) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s?.isFile()) out.push({ name, size: s.size, createdAt: s.mtime.toISOString() });
  }
  return out;
}

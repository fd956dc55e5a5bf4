// Follows one log file by path with a persisted cursor (dev, inode, offset, hash of the first bytes),
// so a restart resumes exactly where the last committed batch ended. Handles:
// - rename rotation: the old file (found by dev+inode, through the handle we hold or a scan of its
//   directory) is read to its end, and the new file is opened only once it has data, because until
//   then the core may still be writing to the old one;
// - copy-truncate: same inode, but shorter than our offset or with another first bytes; the tail we
//   had not read yet is taken from the copy (a sibling whose first bytes match) before restarting at 0;
// - plain truncation: restart at 0 (what was cut before we read it is gone; this is logged).
// poll() never changes the committed cursor: the caller commits once the lines are safe elsewhere.
import { createHash } from "node:crypto";
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { readJsonFile, writeFileAtomic } from "../atomic-file";
import type { Logger } from "../log";

export const HEAD_BYTES = 1024;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
const COMPRESSED = /\.(gz|bz2|xz|zst|lz4|zip)$/i;

export interface TailCursor {
  /** Increases with every commit; batches written for a cursor carry it (see access-cycle.ts). */
  seq: number;
  dev: number;
  ino: number;
  offset: number;
  headLen: number;
  headHash: string;
}

export interface PollResult {
  lines: string[];
  /** The cursor after these lines; commit it once they are safe. Null: nothing to commit. */
  cursor: TailCursor | null;
  /** True when the read stopped at the byte limit and more is waiting. */
  more: boolean;
}

export interface TailerOptions {
  path: string;
  statePath: string;
  /** First start ever (no state): begin at the end of the existing file, or read it all. */
  startAt?: "end" | "start";
  maxBytesPerPoll?: number;
  log: Logger;
}

type Handle = fs.FileHandle;

const sameFile = (st: Stats, c: { dev: number; ino: number }) => st.dev === c.dev && st.ino === c.ino;
const hashOf = (buf: Buffer) => createHash("sha256").update(buf).digest("hex");

async function readAt(fh: Handle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === length ? buf : buf.subarray(0, got);
}

async function headOf(fh: Handle, size: number, len = Math.min(HEAD_BYTES, size)): Promise<{ headLen: number; headHash: string }> {
  const buf = await readAt(fh, 0, Math.min(len, size));
  return { headLen: buf.length, headHash: hashOf(buf) };
}

async function headMatches(fh: Handle, size: number, c: TailCursor): Promise<boolean> {
  if (size < c.headLen) return false;
  return (await headOf(fh, size, c.headLen)).headHash === c.headHash;
}

function isEnoent(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

export class LogTailer {
  private state: TailCursor | null = null;
  /** The file of the committed cursor, kept open so a renamed-then-deleted file can still be finished. */
  private held: { fh: Handle; dev: number; ino: number } | null = null;
  private readonly maxBytes: number;

  constructor(private readonly opts: TailerOptions) {
    this.maxBytes = opts.maxBytesPerPoll ?? DEFAULT_MAX_BYTES;
  }

  async load(): Promise<TailCursor | null> {
    const raw = await readJsonFile<TailCursor>(this.opts.statePath).catch((err: unknown) => {
      throw new Error(`the tail state ${this.opts.statePath} is unreadable (${(err as Error).message}); delete it to start again at the log's end`);
    });
    this.state = raw && Number.isInteger(raw.offset) && Number.isInteger(raw.ino) ? raw : null;
    return this.state;
  }

  committed(): TailCursor | null {
    return this.state;
  }

  async commit(cursor: TailCursor): Promise<void> {
    await writeFileAtomic(this.opts.statePath, JSON.stringify(cursor));
    this.state = cursor;
    await this.holdCommitted(cursor);
  }

  /** Keeps a handle on the committed file from now on, so it can be finished even if it is renamed and deleted. */
  private async holdCommitted(c: TailCursor): Promise<void> {
    if (this.held && this.held.dev === c.dev && this.held.ino === c.ino) return;
    await this.release();
    const fh = await this.openPath();
    if (!fh) return;
    const st = await fh.stat();
    if (sameFile(st, c)) this.held = { fh, dev: st.dev, ino: st.ino };
    else await fh.close();
  }

  async close(): Promise<void> {
    await this.release();
  }

  private async release(): Promise<void> {
    const h = this.held;
    this.held = null;
    await h?.fh.close().catch(() => undefined);
  }

  private async statPath(): Promise<Stats | null> {
    try {
      return await fs.stat(this.opts.path);
    } catch (err) {
      if (isEnoent(err)) return null;
      throw err;
    }
  }

  async poll(): Promise<PollResult> {
    const c = this.state;
    const st = await this.statPath();
    if (!c) return st ? this.firstStart() : { lines: [], cursor: null, more: false };
    const nextSeq = c.seq + 1;

    if (st && sameFile(st, c)) {
      const fh = await this.holdPath(st);
      if (st.size < c.offset || !(await headMatches(fh, st.size, c))) {
        const recovered = await this.recoverCopyTail(c);
        this.opts.log.warn(recovered.found ? "access log was copied and truncated; read the rest from the copy" : "access log was truncated; reading it from the start", {
          path: this.opts.path,
          previousOffset: c.offset,
          ...(recovered.found ? { copy: recovered.found } : {}),
        });
        const fresh = await this.readLines(fh, st.size, 0, false);
        return { lines: [...recovered.lines, ...fresh.lines], cursor: await this.cursorFor(fh, st, fresh.end, nextSeq), more: fresh.more };
      }
      const r = await this.readLines(fh, st.size, c.offset, false);
      return { lines: r.lines, cursor: r.end === c.offset && r.lines.length === 0 ? null : await this.cursorFor(fh, st, r.end, nextSeq), more: r.more };
    }

    // The path names another file now (or none): finish ours first.
    const old = await this.findOld(c);
    const newHasData = !!st && st.size > 0;
    if (old) {
      if (!(await headMatches(old.fh, old.size, c)) || old.size < c.offset) {
        this.opts.log.warn("rotated access log changed before it was finished; its unread part is skipped", { path: old.where });
      } else {
        // Until the new file has data, the core may still append to the old one: read complete lines only.
        const r = await this.readLines(old.fh, old.size, c.offset, newHasData);
        if (r.more || !newHasData) {
          const cursor = r.end === c.offset ? null : { ...c, seq: nextSeq, offset: r.end };
          return { lines: r.lines, cursor, more: r.more };
        }
        if (!st) return { lines: r.lines, cursor: { ...c, seq: nextSeq, offset: r.end }, more: false };
        const fh = await this.openPath();
        if (!fh) return { lines: r.lines, cursor: { ...c, seq: nextSeq, offset: r.end }, more: false };
        const fresh = await this.readFresh(fh, nextSeq);
        return { lines: [...r.lines, ...fresh.lines], cursor: fresh.cursor, more: fresh.more };
      }
    } else if (newHasData || st) {
      this.opts.log.warn("the access log we were reading is gone (rotated and removed before it was finished); continuing with the new file", {
        path: this.opts.path,
        lostAfterOffset: c.offset,
      });
    }
    if (!st) return { lines: [], cursor: null, more: false };
    if (!newHasData && old) return { lines: [], cursor: null, more: false };
    const fh = await this.openPath();
    if (!fh) return { lines: [], cursor: null, more: false };
    return this.readFresh(fh, nextSeq);
  }

  /** A file we have not read before, from its start; the handle is closed. */
  private async readFresh(fh: Handle, seq: number): Promise<PollResult & { cursor: TailCursor }> {
    try {
      const st = await fh.stat();
      const r = await this.readLines(fh, st.size, 0, false);
      return { lines: r.lines, cursor: await this.cursorFor(fh, st, r.end, seq), more: r.more };
    } finally {
      await fh.close();
    }
  }

  private async firstStart(): Promise<PollResult> {
    const fh = await this.openPath();
    if (!fh) return { lines: [], cursor: null, more: false };
    try {
      const st = await fh.stat();
      let start = 0;
      if ((this.opts.startAt ?? "end") === "end") start = await this.lastLineEnd(fh, st.size);
      const r = await this.readLines(fh, st.size, start, false);
      const head = await headOf(fh, st.size);
      return { lines: r.lines, cursor: { seq: 1, dev: st.dev, ino: st.ino, offset: r.end, ...head }, more: r.more };
    } finally {
      await fh.close();
    }
  }

  /** Offset just after the last newline, so "start at the end" never begins mid-line. */
  private async lastLineEnd(fh: Handle, size: number): Promise<number> {
    let pos = size;
    while (pos > 0) {
      const from = Math.max(0, pos - 64 * 1024);
      const buf = await readAt(fh, from, pos - from);
      const nl = buf.lastIndexOf(0x0a);
      if (nl >= 0) return from + nl + 1;
      pos = from;
    }
    return 0;
  }

  private async openPath(): Promise<Handle | null> {
    try {
      return await fs.open(this.opts.path, "r");
    } catch (err) {
      if (isEnoent(err)) return null;
      throw err;
    }
  }

  /** A handle on the file at the path (which is the committed one), kept for later polls. */
  private async holdPath(st: Stats): Promise<Handle> {
    if (this.held && sameFile(st, this.held)) return this.held.fh;
    await this.release();
    const fh = await fs.open(this.opts.path, "r");
    const real = await fh.stat();
    this.held = { fh, dev: real.dev, ino: real.ino };
    return fh;
  }

  private async cursorFor(fh: Handle, st: Stats, offset: number, seq: number): Promise<TailCursor> {
    return { seq, dev: st.dev, ino: st.ino, offset, ...(await headOf(fh, st.size)) };
  }

  private async siblings(): Promise<string[]> {
    const dir = path.dirname(this.opts.path);
    const base = path.basename(this.opts.path);
    const stem = base.replace(/\.[^.]*$/, "");
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return [];
    }
    return names
      .filter((n) => n !== base && !COMPRESSED.test(n) && (n.startsWith(base) || (stem !== base && /^[.\-_]/.test(n.slice(stem.length)) && n.startsWith(stem))))
      .map((n) => path.join(dir, n));
  }

  /** The committed file after a rename: the handle we hold, else a sibling with its dev+inode. */
  private async findOld(c: TailCursor): Promise<{ fh: Handle; size: number; where: string } | null> {
    if (this.held && this.held.dev === c.dev && this.held.ino === c.ino) {
      const st = await this.held.fh.stat();
      return { fh: this.held.fh, size: st.size, where: "(open handle)" };
    }
    for (const file of await this.siblings()) {
      const st = await fs.stat(file).catch(() => null);
      if (!st || !sameFile(st, c)) continue;
      await this.release();
      const fh = await fs.open(file, "r");
      this.held = { fh, dev: st.dev, ino: st.ino };
      return { fh, size: (await fh.stat()).size, where: file };
    }
    return null;
  }

  /** After copy-truncate: the unread tail, from the newest sibling that starts like our file did. */
  private async recoverCopyTail(c: TailCursor): Promise<{ lines: string[]; found: string | null }> {
    let best: { file: string; mtime: number } | null = null;
    for (const file of await this.siblings()) {
      const st = await fs.stat(file).catch(() => null);
      if (!st?.isFile() || st.size < c.offset || sameFile(st, c)) continue;
      const fh = await fs.open(file, "r");
      try {
        if ((await headMatches(fh, st.size, c)) && (!best || st.mtimeMs > best.mtime)) best = { file, mtime: st.mtimeMs };
      } finally {
        await fh.close();
      }
    }
    if (!best) return { lines: [], found: null };
    const fh = await fs.open(best.file, "r");
    try {
      const lines: string[] = [];
      let pos = c.offset;
      const size = (await fh.stat()).size;
      // The copy is final: read it all, whatever the per-poll limit.
      while (pos < size) {
        const r = await this.readLines(fh, size, pos, true);
        lines.push(...r.lines);
        if (r.end === pos) break;
        pos = r.end;
      }
      return { lines, found: best.file };
    } finally {
      await fh.close();
    }
  }

  /**
   * Complete lines from `from` up to `size` (at most maxBytes). `final`: the file will not grow, so
   * a last line without its newline is a line too.
   */
  private async readLines(fh: Handle, size: number, from: number, final: boolean): Promise<{ lines: string[]; end: number; more: boolean }> {
    const want = Math.min(size - from, this.maxBytes);
    if (want <= 0) return { lines: [], end: from, more: false };
    const buf = await readAt(fh, from, want);
    const truncatedRead = from + buf.length < size;
    const nl = buf.lastIndexOf(0x0a);
    let usable: number;
    if (!truncatedRead && final) usable = buf.length;
    else if (nl >= 0) usable = nl + 1;
    else if (buf.length >= this.maxBytes) {
      // One line longer than the limit is not a log line we could use: skip it rather than stall.
      this.opts.log.warn("skipped an access-log line longer than the read limit", { offset: from, bytes: buf.length });
      return { lines: [], end: from + buf.length, more: truncatedRead };
    } else usable = 0;
    const text = buf.subarray(0, usable).toString("utf8");
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return { lines: lines.map((l) => l.replace(/\r$/, "")), end: from + usable, more: truncatedRead && usable > 0 };
  }
}

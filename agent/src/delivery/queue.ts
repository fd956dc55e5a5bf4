// The on-disk outbox: one JSON file per batch, written atomically, named by a sequence number so the
// directory lists oldest first. Bounded in batches and bytes; the oldest go first, counted.
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { readJsonFile, TMP_PREFIX, writeFileAtomic } from "../atomic-file";
import type { TailCursor } from "../access/tailer";
import type { Logger } from "../log";

export type ReportKind = "latency" | "trace" | "node-access" | "metrics";

export const KIND_PATHS: Record<ReportKind, string> = {
  latency: "/api/agent/latency",
  trace: "/api/agent/trace",
  "node-access": "/api/agent/node-access",
  metrics: "/api/agent/metrics",
};

export interface BatchGroup {
  id: string;
  part: number;
  parts: number;
}

export interface Batch {
  /** Sent as Idempotency-Key on every attempt; made when the batch is queued. */
  id: string;
  kind: ReportKind;
  createdAt: string;
  body: unknown;
  /** Access batches of one poll: all parts carry the tail cursor that poll ends at. */
  group?: BatchGroup;
  cursor?: TailCursor;
}

export interface QueuedRef {
  name: string;
  file: string;
  bytes: number;
}

export interface QueueCounters {
  /** Batches dropped because the queue was full (oldest first). */
  droppedFull: number;
  /** Batches the server refused for good (400, 404, 413, 422). */
  droppedRejected: number;
}

export interface QueueOptions {
  dir: string;
  maxBatches: number;
  maxBytes: number;
  log: Logger;
  now?: () => number;
}

const NAME = /^(\d{16})-([a-z-]+)\.json$/;

export class DiskQueue {
  private lastSeq = 0;
  private counters: QueueCounters = { droppedFull: 0, droppedRejected: 0 };
  private readonly countersFile: string;

  constructor(private readonly opts: QueueOptions) {
    this.countersFile = path.join(opts.dir, "counters.json");
  }

  async open(): Promise<void> {
    await fs.mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
    const names = await fs.readdir(this.opts.dir);
    for (const n of names) {
      // A temporary file is a write that never finished: it was never a batch.
      if (n.startsWith(TMP_PREFIX)) await fs.rm(path.join(this.opts.dir, n), { force: true });
      const m = NAME.exec(n);
      if (m) this.lastSeq = Math.max(this.lastSeq, Number(m[1]));
    }
    const saved = await readJsonFile<Partial<QueueCounters>>(this.countersFile).catch(() => null);
    this.counters = { droppedFull: Number(saved?.droppedFull) || 0, droppedRejected: Number(saved?.droppedRejected) || 0 };
  }

  getCounters(): QueueCounters {
    return { ...this.counters };
  }

  private nextSeq(): number {
    // Milliseconds * 1000 keeps names roughly in time order; max() keeps them increasing if the clock steps back.
    const now = (this.opts.now ?? Date.now)();
    this.lastSeq = Math.max(this.lastSeq + 1, now * 1000);
    return this.lastSeq;
  }

  /** Writes each batch to its own file, in order. Does not enforce the bound (see enforceBound). */
  async enqueue(items: Omit<Batch, "id" | "createdAt">[]): Promise<Batch[]> {
    const out: Batch[] = [];
    for (const item of items) out.push((await this.enqueueOne(item)).batch);
    return out;
  }

  async enqueueOne(item: Omit<Batch, "id" | "createdAt">): Promise<{ batch: Batch; ref: QueuedRef }> {
    const batch: Batch = { id: randomUUID(), createdAt: new Date((this.opts.now ?? Date.now)()).toISOString(), ...item };
    const name = `${String(this.nextSeq()).padStart(16, "0")}-${batch.kind}.json`;
    const file = path.join(this.opts.dir, name);
    const data = JSON.stringify(batch);
    await writeFileAtomic(file, data);
    return { batch, ref: { name, file, bytes: Buffer.byteLength(data) } };
  }

  /**
   * Replaces a queued batch's content in place (same name, so same place in the order). Only for a
   * batch that was never sent: its key has not been used yet, so the server has seen nothing of it.
   */
  async rewrite(ref: QueuedRef, batch: Batch): Promise<QueuedRef | null> {
    const exists = await fs.stat(ref.file).catch(() => null);
    if (!exists) return null;
    const data = JSON.stringify(batch);
    await writeFileAtomic(ref.file, data);
    return { ...ref, bytes: Buffer.byteLength(data) };
  }

  /** Number of queued batches (no stat per file). */
  async count(): Promise<number> {
    return (await fs.readdir(this.opts.dir)).filter((n) => NAME.test(n)).length;
  }

  /** Oldest first. */
  async list(): Promise<QueuedRef[]> {
    const names = (await fs.readdir(this.opts.dir)).filter((n) => NAME.test(n)).sort();
    const refs: QueuedRef[] = [];
    for (const name of names) {
      const file = path.join(this.opts.dir, name);
      const st = await fs.stat(file).catch(() => null);
      if (st) refs.push({ name, file, bytes: st.size });
    }
    return refs;
  }

  /** The batch, or null when the file is gone or unreadable (an unreadable one is removed and logged). */
  async read(ref: QueuedRef): Promise<Batch | null> {
    try {
      const b = JSON.parse(await fs.readFile(ref.file, "utf8")) as Batch;
      if (typeof b?.id === "string" && typeof b.kind === "string" && b.kind in KIND_PATHS) return b;
      throw new Error("not a batch");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      this.opts.log.error("removed an unreadable queued batch", { file: ref.name, error: (err as Error).message });
      await this.remove(ref);
      return null;
    }
  }

  async remove(ref: QueuedRef): Promise<void> {
    await fs.rm(ref.file, { force: true });
  }

  async countRejected(): Promise<void> {
    this.counters.droppedRejected++;
    await this.saveCounters();
  }

  /** Drops the oldest batches until both bounds hold; returns how many went. */
  async enforceBound(): Promise<number> {
    const refs = await this.list();
    let count = refs.length;
    let bytes = refs.reduce((n, r) => n + r.bytes, 0);
    let dropped = 0;
    for (const ref of refs) {
      if (count <= this.opts.maxBatches && bytes <= this.opts.maxBytes) break;
      await this.remove(ref);
      count--;
      bytes -= ref.bytes;
      dropped++;
    }
    if (dropped) {
      this.counters.droppedFull += dropped;
      await this.saveCounters();
      this.opts.log.warn("queue full: dropped the oldest batches", {
        dropped,
        droppedTotal: this.counters.droppedFull,
        maxBatches: this.opts.maxBatches,
        maxBytes: this.opts.maxBytes,
      });
    }
    return dropped;
  }

  async depth(): Promise<{ batches: number; bytes: number }> {
    const refs = await this.list();
    return { batches: refs.length, bytes: refs.reduce((n, r) => n + r.bytes, 0) };
  }

  private async saveCounters(): Promise<void> {
    await writeFileAtomic(this.countersFile, JSON.stringify(this.counters));
  }
}

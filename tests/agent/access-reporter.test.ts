// The hand-off from the log to the queue is exactly-once even when the agent dies between writing
// the batches and committing the log offset, or in the middle of writing a poll's batches.
import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AccessReporter } from "../../agent/src/access/access-reporter";
import { fixedZoneOffset } from "../../agent/src/access/local-time";
import { LogTailer, type TailCursor } from "../../agent/src/access/tailer";
import { DiskQueue, type Batch } from "../../agent/src/delivery/queue";
import { memoryLogger } from "../../agent/src/log";
import { tempDir, xrayLine } from "./helpers";

const emails = (n: number[]) => n.map((i) => `user${i}@example.com-x`);
const linesFor = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => xrayLine(from + i, `user${from + i}@example.com-x`)).join("\n") + "\n";

class CrashingTailer extends LogTailer {
  crashOnCommit = false;
  override async commit(cursor: TailCursor): Promise<void> {
    if (this.crashOnCommit) throw new Error("simulated crash before the offset was committed");
    return super.commit(cursor);
  }
}

class CrashingQueue extends DiskQueue {
  crashAfter: number | null = null;
  override async enqueue(items: Omit<Batch, "id" | "createdAt">[]): Promise<Batch[]> {
    if (this.crashAfter === null) return super.enqueue(items);
    const written = await super.enqueue(items.slice(0, this.crashAfter));
    if (written.length < items.length) throw new Error("simulated crash while writing the batches");
    return written;
  }
}

function world() {
  const dir = tempDir();
  const file = path.join(dir, "access.log");
  const log = memoryLogger();
  const open = async () => {
    const tailer = new CrashingTailer({ path: file, statePath: path.join(dir, "cursor.json"), startAt: "start", log });
    await tailer.load();
    const queue = new CrashingQueue({ dir: path.join(dir, "queue"), maxBatches: 1000, maxBytes: 64 * 1024 * 1024, log });
    await queue.open();
    const reporter = new AccessReporter({ tailer, queue, zone: fixedZoneOffset(480), log, maxEventsPerBatch: 2 });
    await reporter.reconcile();
    return { tailer, queue, reporter };
  };
  /** every email in the queue, once per event */
  const queuedEmails = async (queue: DiskQueue) => {
    const out: string[] = [];
    for (const ref of await queue.list()) {
      const b = await queue.read(ref);
      for (const e of (b!.body as { events: { clientEmail: string }[] }).events) out.push(e.clientEmail);
    }
    return out;
  };
  return { file, open, queuedEmails, log };
}

describe("access log -> queue hand-off", () => {
  it("queues each line's event once, in batches of the limit, and moves the offset", async () => {
    const w = world();
    writeFileSync(w.file, linesFor(1, 5));
    const a = await w.open();
    const r = await a.reporter.cycle();
    expect(r).toMatchObject({ lines: 5, events: 5, batches: 3 });
    expect(await w.queuedEmails(a.queue)).toEqual(emails([1, 2, 3, 4, 5]));
    expect((await a.reporter.cycle()).batches).toBe(0);
    await a.tailer.close();
  });

  it("a crash after the batches were written but before the offset moved: on restart the queued batches count, nothing is queued twice", async () => {
    const w = world();
    writeFileSync(w.file, linesFor(1, 5));
    const a = await w.open();
    a.tailer.crashOnCommit = true;
    await expect(a.reporter.cycle()).rejects.toThrow(/simulated crash/);
    await a.tailer.close();

    appendFileSync(w.file, linesFor(6, 7));
    const b = await w.open(); // reconcile() runs here
    expect(w.log.lines.some((l) => l.includes("resumed the access log"))).toBe(true);
    await b.reporter.cycle();
    expect(await w.queuedEmails(b.queue)).toEqual(emails([1, 2, 3, 4, 5, 6, 7]));
    await b.tailer.close();
  });

  it("a crash in the middle of writing a poll's batches: the partial group is removed and its lines read again", async () => {
    const w = world();
    writeFileSync(w.file, linesFor(1, 2));
    const a = await w.open();
    await a.reporter.cycle(); // users 1-2 queued and committed
    appendFileSync(w.file, linesFor(3, 7)); // 5 events -> 3 batches
    a.queue.crashAfter = 1;
    await expect(a.reporter.cycle()).rejects.toThrow(/simulated crash/);
    expect(await w.queuedEmails(a.queue)).toEqual(emails([1, 2, 3, 4]));
    await a.tailer.close();

    const b = await w.open();
    expect(w.log.lines.some((l) => l.includes("removed a partly queued access batch group"))).toBe(true);
    await b.reporter.cycle();
    expect(await w.queuedEmails(b.queue)).toEqual(emails([1, 2, 3, 4, 5, 6, 7]));
    await b.tailer.close();
  });
});

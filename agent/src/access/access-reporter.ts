// Access log -> node-access batches, with exactly-once hand-off between the log and the queue:
// 1. poll the tailer (the committed cursor does not move),
// 2. write the poll's batches to the queue, each carrying the poll's group id and end cursor,
// 3. commit the cursor.
// A crash between 2 and 3 leaves batches whose cursor is ahead of the committed one; at start,
// reconcile() commits that cursor when the whole group is queued, or deletes a partial group (its
// lines are read again). Nothing in between can deliver a batch: the agent runs these steps and
// the delivery one after the other, never at the same time.
import { randomUUID } from "node:crypto";
import { chunkItems, LIMITS } from "../delivery/chunk";
import type { Batch, DiskQueue } from "../delivery/queue";
import type { Logger } from "../log";
import { AccessAggregator, emptyCounts, type AggregateCounts } from "./aggregate";
import type { ZoneOffset } from "./local-time";
import type { LogTailer, TailCursor } from "./tailer";

export interface AccessCycleResult {
  lines: number;
  events: number;
  batches: number;
  counts: AggregateCounts;
}

export interface AccessReporterOptions {
  tailer: LogTailer;
  queue: DiskQueue;
  zone: ZoneOffset;
  log: Logger;
  maxEventsPerBatch?: number;
}

export class AccessReporter {
  constructor(private readonly opts: AccessReporterOptions) {}

  async reconcile(): Promise<void> {
    const { tailer, queue, log } = this.opts;
    const committedSeq = tailer.committed()?.seq ?? 0;
    const groups = new Map<string, { parts: number; cursor: TailCursor; refs: Awaited<ReturnType<DiskQueue["list"]>> }>();
    for (const ref of await queue.list()) {
      if (!ref.name.endsWith("-node-access.json")) continue;
      const batch = await queue.read(ref);
      if (!batch?.group || !batch.cursor || batch.cursor.seq <= committedSeq) continue;
      const g = groups.get(batch.group.id) ?? { parts: batch.group.parts, cursor: batch.cursor, refs: [] };
      g.refs.push(ref);
      groups.set(batch.group.id, g);
    }
    for (const [id, g] of [...groups].sort((a, b) => a[1].cursor.seq - b[1].cursor.seq)) {
      if (g.refs.length === g.parts && g.cursor.seq > (tailer.committed()?.seq ?? 0)) {
        await tailer.commit(g.cursor);
        log.info("resumed the access log after an interrupted hand-off: its batches were already queued", { group: id, offset: g.cursor.offset });
      } else {
        for (const ref of g.refs) await queue.remove(ref);
        log.warn("removed a partly queued access batch group; its lines will be read again", { group: id, queued: g.refs.length, of: g.parts });
      }
    }
  }

  async cycle(): Promise<AccessCycleResult> {
    const { tailer, queue, zone } = this.opts;
    const total: AccessCycleResult = { lines: 0, events: 0, batches: 0, counts: emptyCounts() };
    for (;;) {
      const r = await tailer.poll();
      if (!r.cursor) break;
      const agg = new AccessAggregator({ zone });
      for (const line of r.lines) agg.addLine(line);
      const events = agg.events();
      const chunks = chunkItems(events, this.opts.maxEventsPerBatch ?? LIMITS["node-access"].items, LIMITS["node-access"].bytes);
      if (chunks.length) {
        const group = randomUUID();
        const items: Omit<Batch, "id" | "createdAt">[] = chunks.map((c, i) => ({
          kind: "node-access",
          body: { events: c },
          group: { id: group, part: i + 1, parts: chunks.length },
          cursor: r.cursor!,
        }));
        await queue.enqueue(items);
      }
      await tailer.commit(r.cursor);
      total.lines += r.lines.length;
      total.events += events.length;
      total.batches += chunks.length;
      for (const k of Object.keys(total.counts) as (keyof AggregateCounts)[]) total.counts[k] += agg.counts[k];
      if (!r.more) break;
    }
    return total;
  }
}

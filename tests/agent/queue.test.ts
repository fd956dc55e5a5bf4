// The on-disk queue: ordered, bounded in batches and bytes with the oldest dropped first (counted and
// logged), unfinished writes ignored, counters kept across restarts.
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DiskQueue } from "../../agent/src/delivery/queue";
import { memoryLogger } from "../../agent/src/log";
import { tempDir } from "./helpers";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function open(dir: string, bound: { maxBatches?: number; maxBytes?: number } = {}, now = () => 1_700_000_000_000) {
  const log = memoryLogger();
  const q = new DiskQueue({ dir, maxBatches: bound.maxBatches ?? 100, maxBytes: bound.maxBytes ?? 1 << 30, log, now });
  await q.open();
  return { q, log };
}

const bodies = async (q: DiskQueue) => {
  const out: unknown[] = [];
  for (const ref of await q.list()) {
    const b = await q.read(ref);
    if (b) out.push(b.body);
  }
  return out;
};

describe("disk queue", () => {
  it("keeps batches in order with an Idempotency-Key made at enqueue time, even if the clock steps back", async () => {
    const dir = tempDir();
    let t = 2_000_000;
    const { q } = await open(dir, {}, () => t);
    const [a] = await q.enqueue([{ kind: "metrics", body: { n: 1 } }]);
    t -= 1000;
    await q.enqueue([{ kind: "latency", body: { n: 2 } }, { kind: "trace", body: { n: 3 } }]);
    expect(a!.id).toMatch(UUID_V4);
    expect(await bodies(q)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const ids = new Set<string>();
    for (const ref of await q.list()) ids.add((await q.read(ref))!.id);
    expect(ids.size).toBe(3);
    // a restart keeps the order and the keys
    const { q: again } = await open(dir, {}, () => 0);
    await again.enqueue([{ kind: "metrics", body: { n: 4 } }]);
    expect(await bodies(again)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect((await again.read((await again.list())[0]!))!.id).toBe(a!.id);
  });

  it("drops the oldest batches beyond the batch bound, counts and logs them, and keeps the count across restarts", async () => {
    const dir = tempDir();
    const { q, log } = await open(dir, { maxBatches: 3 });
    for (let n = 1; n <= 5; n++) await q.enqueue([{ kind: "metrics", body: { n } }]);
    expect(await q.enforceBound()).toBe(2);
    expect(await bodies(q)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    expect(q.getCounters().droppedFull).toBe(2);
    expect(log.lines.some((l) => l.includes("queue full: dropped the oldest batches"))).toBe(true);
    const { q: again } = await open(dir, { maxBatches: 3 });
    expect(again.getCounters().droppedFull).toBe(2);
  });

  it("drops the oldest batches beyond the byte bound", async () => {
    const dir = tempDir();
    const { q } = await open(dir, { maxBatches: 100 });
    const big = "x".repeat(400);
    for (let n = 1; n <= 4; n++) await q.enqueue([{ kind: "node-access", body: { n, big } }]);
    const one = (await q.list())[0]!.bytes;
    const { q: bounded } = await open(dir, { maxBytes: one * 2 + 10 });
    expect(await bounded.enforceBound()).toBe(2);
    expect((await bodies(bounded)).map((b) => (b as { n: number }).n)).toEqual([3, 4]);
  });

  it("ignores and removes a half-written file, and removes an unreadable batch with a log line", async () => {
    const dir = tempDir();
    const { q } = await open(dir);
    await q.enqueue([{ kind: "metrics", body: { n: 1 } }]);
    writeFileSync(path.join(dir, ".tmp-abc-0000000000000009-metrics.json"), "{ half");
    writeFileSync(path.join(dir, "0000000000000001-metrics.json"), "not json");
    const { q: again, log } = await open(dir);
    expect(readdirSync(dir).some((n) => n.startsWith(".tmp-"))).toBe(false);
    expect(await bodies(again)).toEqual([{ n: 1 }]);
    expect(log.lines.some((l) => l.includes("unreadable queued batch"))).toBe(true);
  });
});

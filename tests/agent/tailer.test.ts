// The tailer across rename rotation, copy-truncate, truncation and restarts, on real files. No
// sleeps: each step writes files and then calls poll() directly. Every test checks that the lines
// handed out over the whole sequence are exactly the lines written, in order, once each.
import { appendFileSync, copyFileSync, renameSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LogTailer } from "../../agent/src/access/tailer";
import { memoryLogger } from "../../agent/src/log";
import { tempDir } from "./helpers";

const L = (n: number) => `line ${n} ${"x".repeat(n % 7)}`;
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => L(from + i));
const text = (ls: string[]) => ls.map((l) => `${l}\n`).join("");

function setup(opts: { startAt?: "end" | "start"; maxBytesPerPoll?: number } = {}) {
  const dir = tempDir();
  const file = path.join(dir, "access.log");
  const statePath = path.join(dir, "cursor.json");
  const log = memoryLogger();
  const make = () => new LogTailer({ path: file, statePath, startAt: opts.startAt ?? "start", maxBytesPerPoll: opts.maxBytesPerPoll, log });
  const got: string[] = [];
  /** poll once and commit, as the access reporter does once the lines are queued */
  const step = async (t: LogTailer) => {
    const r = await t.poll();
    if (r.cursor) await t.commit(r.cursor);
    got.push(...r.lines);
    return r;
  };
  return { dir, file, make, got, step, log };
}

describe("log tailer", () => {
  it("reads appended lines once, holds back a partial line, and re-reads what was never committed", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 3)));
    const t = s.make();
    await t.load();
    await s.step(t);
    appendFileSync(s.file, `${L(4)}\n${L(5).slice(0, 3)}`);
    const uncommitted = await t.poll();
    expect(uncommitted.lines).toEqual([L(4)]);
    // not committed: the same lines come again
    expect((await t.poll()).lines).toEqual([L(4)]);
    await s.step(t);
    appendFileSync(s.file, `${L(5).slice(3)}\n`);
    await s.step(t);
    expect((await t.poll()).cursor).toBeNull();
    expect(s.got).toEqual(lines(1, 5));
    await t.close();
  });

  it("starts at the end of an existing log on a first start, after its last complete line", async () => {
    const s = setup({ startAt: "end" });
    writeFileSync(s.file, text(lines(1, 3)) + "partial");
    const t = s.make();
    await t.load();
    await s.step(t);
    expect(s.got).toEqual([]);
    appendFileSync(s.file, ` tail\n${L(4)}\n`);
    await s.step(t);
    expect(s.got).toEqual(["partial tail", L(4)]);
    await t.close();
  });

  it("rename rotation: finishes the old file, waits while the new one is empty, then follows it", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t = s.make();
    await t.load();
    await s.step(t);
    renameSync(s.file, `${s.file}.1`);
    appendFileSync(`${s.file}.1`, text([L(3)])); // the core still writes to the renamed file
    writeFileSync(s.file, ""); // logrotate's "create"
    await s.step(t);
    expect(s.got).toEqual(lines(1, 3));
    appendFileSync(`${s.file}.1`, `${L(4)}\n${L(5).slice(0, 4)}`);
    await s.step(t);
    expect(s.got).toEqual(lines(1, 4));
    // the core reopened: the old file gets its last bytes, then the new file has data
    appendFileSync(`${s.file}.1`, `${L(5).slice(4)}\n`);
    appendFileSync(s.file, text(lines(6, 7)));
    await s.step(t);
    appendFileSync(s.file, text([L(8)]));
    await s.step(t);
    expect(s.got).toEqual(lines(1, 8));
    await t.close();
  });

  it("rename rotation across a restart: the old file is found by its inode in the directory", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t1 = s.make();
    await t1.load();
    await s.step(t1);
    await t1.close(); // the agent stops
    appendFileSync(s.file, text(lines(3, 4)));
    renameSync(s.file, `${s.file}.1`);
    writeFileSync(s.file, text(lines(5, 6)));
    writeFileSync(`${s.file}.2`, text(["an older rotation, not ours"]));
    const t2 = s.make();
    await t2.load();
    await s.step(t2);
    expect(s.got).toEqual(lines(1, 6));
    await t2.close();
  });

  it("rename rotation with the old file deleted at once: the handle we hold still finishes it", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t = s.make();
    await t.load();
    await s.step(t);
    appendFileSync(s.file, text([L(3)]));
    renameSync(s.file, `${s.file}.1`);
    rmSync(`${s.file}.1`);
    writeFileSync(s.file, text([L(4)]));
    await s.step(t);
    expect(s.got).toEqual(lines(1, 4));
    await t.close();
  });

  it("copy-truncate: the unread tail comes from the copy, then the truncated file from its start", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t = s.make();
    await t.load();
    await s.step(t);
    appendFileSync(s.file, text(lines(3, 4)));
    copyFileSync(s.file, `${s.file}.1`);
    truncateSync(s.file, 0);
    appendFileSync(s.file, text([L(5)]));
    await s.step(t);
    expect(s.got).toEqual(lines(1, 5));
    expect(s.log.lines.some((l) => l.includes("copied and truncated"))).toBe(true);
    await t.close();
  });

  it("copy-truncate where the new content already outgrew the old offset is told apart by the first bytes", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t = s.make();
    await t.load();
    await s.step(t);
    appendFileSync(s.file, text([L(3)]));
    copyFileSync(s.file, `${s.file}-20260429`);
    truncateSync(s.file, 0);
    appendFileSync(s.file, text(lines(4, 40))); // longer than before: size alone would not show it
    await s.step(t);
    expect(s.got).toEqual(lines(1, 40));
    await t.close();
  });

  it("copy-truncate across a restart", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 2)));
    const t1 = s.make();
    await t1.load();
    await s.step(t1);
    await t1.close();
    appendFileSync(s.file, text([L(3)]));
    copyFileSync(s.file, `${s.file}.1`);
    truncateSync(s.file, 0);
    appendFileSync(s.file, text([L(4)]));
    const t2 = s.make();
    await t2.load();
    await s.step(t2);
    expect(s.got).toEqual(lines(1, 4));
    await t2.close();
  });

  it("plain truncation (no copy): restarts at 0 and says so", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 3)));
    const t = s.make();
    await t.load();
    await s.step(t);
    truncateSync(s.file, 0);
    appendFileSync(s.file, text([L(4)]));
    await s.step(t);
    expect(s.got).toEqual(lines(1, 4));
    expect(s.log.lines.some((l) => l.includes("truncated; reading it from the start"))).toBe(true);
    await t.close();
  });

  it("restart: continues at the committed offset; lines polled but never committed come again", async () => {
    const s = setup();
    writeFileSync(s.file, text(lines(1, 3)));
    const t1 = s.make();
    await t1.load();
    await s.step(t1);
    appendFileSync(s.file, text(lines(4, 5)));
    expect((await t1.poll()).lines).toEqual(lines(4, 5)); // read, then the agent dies before committing
    await t1.close();
    const t2 = s.make();
    await t2.load();
    await s.step(t2);
    appendFileSync(s.file, text([L(6)]));
    const t3 = s.make();
    await t3.load();
    await s.step(t3);
    expect(s.got).toEqual(lines(1, 6));
    await t2.close();
    await t3.close();
  });

  it("reads a large backlog in pieces no bigger than the limit", async () => {
    const s = setup({ maxBytesPerPoll: 100 });
    writeFileSync(s.file, text(lines(1, 30)));
    const t = s.make();
    await t.load();
    let polls = 0;
    for (;;) {
      const r = await s.step(t);
      polls++;
      if (!r.more) break;
    }
    expect(polls).toBeGreaterThan(3);
    expect(s.got).toEqual(lines(1, 30));
    await t.close();
  });

  it("waits for a log that does not exist yet", async () => {
    const s = setup({ startAt: "end" });
    const t = s.make();
    await t.load();
    expect(await t.poll()).toEqual({ lines: [], cursor: null, more: false });
    writeFileSync(s.file, "");
    await s.step(t);
    appendFileSync(s.file, text([L(1)]));
    await s.step(t);
    expect(s.got).toEqual([L(1)]);
    await t.close();
  });
});

// The embedded data-dir lock: one live owner at a time, stale locks replaced, release only ours.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireEmbeddedLock, breakStaleLock, lockFileOf, readEmbeddedOwner, socketFileOf } from "../../src/server/db/embedded-lock";
import { ROOT, runNode } from "./helpers";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "rb-lock-"));
const writeLock = (dir: string, owner: Record<string, unknown>) => writeFileSync(lockFileOf(dir), JSON.stringify(owner));
const readLock = (dir: string) => JSON.parse(readFileSync(lockFileOf(dir), "utf8")) as Record<string, unknown>;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** A pid that certainly belongs to a live process other than this one. */
function liveOtherPid(): number {
  const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(c);
  return c.pid!;
}

/** The pid of a process that has exited (its lock is stale). */
async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => c.on("exit", r));
  return c.pid!;
}

describe("acquireEmbeddedLock", () => {
  it("writes pid, socket path and start time, and is the live owner", () => {
    const dir = tempDir();
    const lock = acquireEmbeddedLock(dir);
    const onDisk = readLock(dir);
    expect(onDisk).toMatchObject({ pid: process.pid, socketPath: socketFileOf(dir) });
    expect(new Date(onDisk.startedAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(readEmbeddedOwner(dir)).toMatchObject({ pid: process.pid, socketPath: socketFileOf(dir) });
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    expect(readEmbeddedOwner(dir)).toBeNull();
    acquireEmbeddedLock(dir, { socketPath: null }).release(); // free again after release
  });

  it("a second acquire fails while the owner is alive (this process or another)", () => {
    const dir = tempDir();
    const lock = acquireEmbeddedLock(dir);
    expect(() => acquireEmbeddedLock(dir)).toThrow(/Another Relayboard process owns the data directory/);
    lock.release();

    const other = tempDir();
    const pid = liveOtherPid();
    writeLock(other, { pid, socketPath: null, startedAt: new Date().toISOString(), token: "theirs" });
    expect(() => acquireEmbeddedLock(other)).toThrow(new RegExp(`pid ${pid}`));
    expect(readEmbeddedOwner(other)).toMatchObject({ pid, socketPath: null });
    expect(readLock(other).token).toBe("theirs"); // untouched
  });

  it("replaces a stale lock: dead pid, our own pid from a previous run, or garbage", async () => {
    const stale = [
      { pid: await deadPid(), socketPath: "/x.sock", startedAt: "2020-01-01T00:00:00Z", token: "old" },
      // Same pid but not taken by this process: a restarted container (pid 1 again).
      { pid: process.pid, socketPath: null, startedAt: "2020-01-01T00:00:00Z", token: "previous-life" },
    ];
    for (const owner of stale) {
      const dir = tempDir();
      writeLock(dir, owner);
      expect(readEmbeddedOwner(dir)).toBeNull();
      const lock = acquireEmbeddedLock(dir);
      expect(readLock(dir)).toMatchObject({ pid: process.pid });
      expect(readLock(dir).token).not.toBe(owner.token);
      lock.release();
    }
    const dir = tempDir();
    writeFileSync(lockFileOf(dir), "not json");
    acquireEmbeddedLock(dir).release();
  });

  it("release removes the file only while it is still ours", () => {
    const dir = tempDir();
    const lock = acquireEmbeddedLock(dir);
    const someoneElse = { pid: liveOtherPid(), socketPath: null, startedAt: new Date().toISOString(), token: "someone-else" };
    writeLock(dir, someoneElse);
    lock.release();
    expect(readLock(dir)).toEqual(someoneElse);
  });

  it("breaking a stale lock never deletes a fresh lock that replaced it meanwhile", () => {
    // The interleaving behind a double owner: B reads the stale lock, A breaks it and takes the
    // dir, then B goes on to break "the stale lock" it read earlier.
    const dir = tempDir();
    const file = lockFileOf(dir);
    const staleRaw = JSON.stringify({ pid: 999_999_999, socketPath: null, startedAt: "2020-01-01T00:00:00Z", token: "stale" });
    writeFileSync(file, staleRaw);
    const fresh = acquireEmbeddedLock(dir); // A: replaces the stale lock
    breakStaleLock(file, staleRaw); // B: too late
    expect(readEmbeddedOwner(dir)?.token).toBe(fresh.owner.token);
    fresh.release();

    // While another breaker holds the guard, nothing is deleted; a guard left by a crash expires.
    writeFileSync(file, staleRaw);
    writeFileSync(`${file}.break`, "12345");
    breakStaleLock(file, staleRaw);
    expect(readFileSync(file, "utf8")).toBe(staleRaw);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.break`, old, old);
    breakStaleLock(file, staleRaw); // clears the abandoned guard
    breakStaleLock(file, staleRaw); // and now breaks the lock
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.break`)).toBe(false);
  });

  it("of processes racing for a stale lock, exactly one wins", async () => {
    const dir = tempDir();
    writeLock(dir, { pid: await deadPid(), socketPath: null, startedAt: "2020-01-01T00:00:00Z", token: "stale" });
    const startAt = String(Date.now() + 4000); // after every child has loaded tsx
    const script = path.join(ROOT, "tests/cli/fixtures/contend-lock.ts");
    const contenders = 5;
    let finished = 0;
    const results = await Promise.all(
      Array.from({ length: contenders }, () =>
        runNode(["--import", "tsx", script, dir, startAt], { ...process.env, NODE_OPTIONS: "" }).then((r) => {
          // Once all but one have given up, let the (single) winner release.
          if (++finished === contenders - 1) writeFileSync(path.join(dir, "stop"), "");
          return r;
        }),
      ),
    );
    const outcomes = results.map((r) => r.stdout.trim() || r.stderr.trim()).sort();
    expect(outcomes).toEqual(["lost", "lost", "lost", "lost", "won"]);
    expect(existsSync(lockFileOf(dir))).toBe(false); // the winner released it
    expect(existsSync(`${lockFileOf(dir)}.break`)).toBe(false);
  }, 90_000);
});

// Embedded PGlite files may be opened by ONE process at a time; a second opener corrupts them.
// The owner records itself in DATA_DIR/relayboard.lock so others can refuse to open the data dir
// or, when the owner is the running service, forward their work to its control socket.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface EmbeddedOwner {
  pid: number;
  /** The owner's control socket, or null when the owner is a one-off CLI run. */
  socketPath: string | null;
  startedAt: string;
  /** Random per acquisition: release() only removes a lock that is still this one. */
  token: string;
}

export interface EmbeddedLock {
  owner: EmbeddedOwner;
  release(): void;
}

export const lockFileOf = (dataDir: string) => path.join(path.resolve(dataDir), "relayboard.lock");
export const socketFileOf = (dataDir: string) => path.join(path.resolve(dataDir), "relayboard.sock");

/** Lock files this process holds, so "our own pid" can be told apart from a reused pid. */
const heldHere = new Set<string>();
/** A break guard older than this was left by a crash mid-break. */
const STALE_GUARD_MS = 10_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readRaw(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

function parseOwner(raw: string | null): EmbeddedOwner | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Partial<EmbeddedOwner>;
    return typeof o.pid === "number" && Number.isInteger(o.pid) && o.pid > 0 ? ({ socketPath: null, startedAt: "", token: "", ...o } as EmbeddedOwner) : null;
  } catch {
    return null;
  }
}

/**
 * A recorded owner counts as live when its pid exists. Our own pid only counts when this process
 * really took the lock: a container restarted with the same pid (often 1) left a stale file.
 */
function isLive(file: string, owner: EmbeddedOwner | null): owner is EmbeddedOwner {
  if (!owner) return false;
  if (owner.pid === process.pid) return heldHere.has(file);
  return isAlive(owner.pid);
}

/** The live owner of the data dir, or null when nobody (alive) holds it. */
export function readEmbeddedOwner(dataDir: string): EmbeddedOwner | null {
  const file = lockFileOf(dataDir);
  const owner = parseOwner(readRaw(file));
  return isLive(file, owner) ? owner : null;
}

/**
 * Creates the lock file with its full content in one step: written to a private temp file, then
 * hard-linked into place. link() fails if the name exists (exclusive like open 'wx') and, unlike
 * 'wx' + write, no reader can ever see an empty or half-written lock.
 */
function tryCreate(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * Removes a stale lock. Two processes may both find the same stale lock; the guard file makes
 * only one of them delete it, after re-checking it is still the stale one (not a fresh lock a
 * third process just created). Exported for tests of exactly that interleaving.
 */
export function breakStaleLock(file: string, staleRaw: string | null): void {
  const guard = `${file}.break`;
  if (!tryCreate(guard, String(process.pid))) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > STALE_GUARD_MS) unlinkSync(guard);
    } catch {
      /* the other breaker finished meanwhile */
    }
    return;
  }
  try {
    if (readRaw(file) === staleRaw && staleRaw !== null) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function ownedError(dataDir: string, owner: EmbeddedOwner): Error {
  const what = owner.socketPath ? "the Relayboard service" : "another relayboard command";
  return new Error(
    `Another Relayboard process owns the data directory ${path.resolve(dataDir)}: ${what} (pid ${owner.pid}, since ${owner.startedAt}). ` +
      `The embedded database can be opened by one process only; stop it, or set DATABASE_URL to use PostgreSQL.`,
  );
}

/**
 * Takes the data dir for this process. Throws when a live process owns it; replaces a stale lock.
 * Records the control socket CLI runs should forward to: DATA_DIR/relayboard.sock by default (the
 * service); a one-off CLI run passes `socketPath: null` because it serves no socket.
 */
export function acquireEmbeddedLock(dataDir: string, opts: { socketPath?: string | null } = {}): EmbeddedLock {
  mkdirSync(path.resolve(dataDir), { recursive: true });
  const file = lockFileOf(dataDir);
  const owner: EmbeddedOwner = {
    pid: process.pid,
    socketPath: opts.socketPath === undefined ? socketFileOf(dataDir) : opts.socketPath,
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString("hex"),
  };
  const content = JSON.stringify(owner);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file, content)) {
      heldHere.add(file);
      return { owner, release: () => releaseIfOurs(file, owner.token) };
    }
    const raw = readRaw(file);
    const current = parseOwner(raw);
    if (isLive(file, current)) throw ownedError(dataDir, current);
    breakStaleLock(file, raw);
    if (attempt > 0) pause(20); // another process is breaking it too: give it a moment
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing; is another Relayboard starting?`);
}

function releaseIfOurs(file: string, token: string): void {
  heldHere.delete(file);
  // Someone else's lock (ours was judged stale and replaced) must survive our release.
  if (parseOwner(readRaw(file))?.token !== token) return;
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

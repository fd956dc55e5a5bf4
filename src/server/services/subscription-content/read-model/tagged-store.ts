// A bounded map for the read model, whose entries a change-feed message drops by tag ("s:<sub>",
// "u:<user>", "p:<plan>", "n:<node>"). Memory decides the shape: an entry's own key is its main tag
// (a subscription's "s:<id>"), looked up directly; only the few multi-subscription entries (aggregate
// links) are indexed under their other tags; other tags (an owner's ban, a plan rename, a node
// change: rare) are found by a scan. An index of sets for every entry cost over 1 KB per entry.
//
// Loads race with messages: a row read just before a commit can come back after that commit's
// message was applied. Each load remembers the invalidation count when it started and is kept only
// if none of its tags was invalidated since (a ring of recent invalidations answers that; a load
// older than the ring is simply not kept).

const RING = 4_096;

interface Entry<T> { value: T; at: number }

export class TaggedStore<T> {
  private entries = new Map<string, Entry<T>>();
  /** Tag -> keys, for indexed entries only (put(..., { indexed: true })). */
  private index = new Map<string, Set<string>>();
  private invalidations = 0;
  private ring: string[] = new Array<string>(RING);

  constructor(private readonly max: number, private readonly maxAgeMs: number, private readonly tagsOf: (value: T) => string[]) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, when held and younger than maxAgeMs. */
  get(key: string, now: number): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now - e.at >= this.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** A token to pass to put(): taken before the load starts. */
  mark(): number {
    return this.invalidations;
  }

  /** Keeps a loaded value unless one of its tags (or its key) was invalidated after `mark`. */
  put(key: string, value: T, mark: number, now: number, opts: { indexed?: boolean } = {}): boolean {
    if (this.invalidations - mark > RING) return false;
    const tags = this.tagsOf(value);
    for (let i = mark; i < this.invalidations; i++) {
      const t = this.ring[i % RING]!;
      if (t === key || tags.includes(t)) return false;
    }
    this.delete(key);
    this.entries.set(key, { value, at: now });
    if (opts.indexed) {
      for (const t of tags) {
        let keys = this.index.get(t);
        if (!keys) this.index.set(t, (keys = new Set()));
        keys.add(key);
      }
    }
    // Oldest first: the Map keeps insertion order, and a reload re-inserts at the end.
    while (this.entries.size > this.max) this.delete(this.entries.keys().next().value!);
    return true;
  }

  /**
   * Drops the entry keyed `tag` and the indexed entries under it; with `scan`, also every entry that
   * carries the tag (for the rare tags no entry is keyed or indexed by).
   */
  invalidate(tag: string, opts: { scan?: boolean } = {}): void {
    this.remember(tag);
    this.delete(tag);
    const keys = this.index.get(tag);
    if (keys) for (const k of [...keys]) this.delete(k);
    if (opts.scan) for (const [k, e] of this.entries) if (this.tagsOf(e.value).includes(tag)) this.delete(k);
  }

  /** Rewrites in place the entry keyed `tag` and the indexed entries under it (figures a message carries). */
  patch(tag: string, change: (value: T) => T): void {
    // A load in flight may hold the figures from before this message: it must not be kept.
    this.remember(tag);
    for (const k of [tag, ...(this.index.get(tag) ?? [])]) {
      const e = this.entries.get(k);
      if (e) e.value = change(e.value);
    }
  }

  clear(): void {
    // Loads in flight must not be kept either: count the reset as an invalidation of everything.
    this.invalidations += RING + 1;
    this.entries.clear();
    this.index.clear();
  }

  private remember(tag: string): void {
    this.ring[this.invalidations % RING] = tag;
    this.invalidations++;
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    if (this.index.size === 0) return;
    for (const t of this.tagsOf(e.value)) {
      const keys = this.index.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.index.delete(t);
    }
  }
}

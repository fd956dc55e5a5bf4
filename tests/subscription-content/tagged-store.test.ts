// The read model's store: bounded, dropped by key, index or scan, patched in place, and never keeping
// a load that raced with a change to one of its tags (the row may predate the change).
import { describe, expect, it } from "vitest";
import { TaggedStore } from "../../src/server/services/subscription-content/read-model/tagged-store";

type V = { tags: string[]; n: number };
const store = (max = 10, age = 60_000) => new TaggedStore<V>(max, age, (v) => v.tags);
const v = (n: number, ...tags: string[]): V => ({ n, tags });

describe("TaggedStore", () => {
  it("drops an entry by its key, indexed entries by tag, and the rest by tag only when asked to scan", () => {
    const s = store();
    s.put("s:a", v(1, "s:a", "u:1"), s.mark(), 0);
    s.put("s:b", v(2, "s:b", "u:1"), s.mark(), 0);
    s.put("a:x", v(3, "u:1", "s:a", "s:b"), s.mark(), 0, { indexed: true });
    s.put("s:c", v(4, "s:c", "u:2"), s.mark(), 0);
    s.invalidate("s:a");
    expect([s.get("s:a", 1), s.get("a:x", 1)]).toEqual([undefined, undefined]);
    expect(s.get("s:b", 1)?.n).toBe(2);
    s.invalidate("u:1");
    expect(s.get("s:b", 1)?.n).toBe(2); // not indexed, no scan
    s.invalidate("u:1", { scan: true });
    expect([s.get("s:b", 1), s.get("s:c", 1)?.n]).toEqual([undefined, 4]);
  });

  it("does not keep a load during which its key or one of its tags changed, or the store was reset", () => {
    const s = store();
    const mark = s.mark();
    s.invalidate("s:other");
    expect(s.put("s:x", v(1, "s:x"), mark, 0)).toBe(true);
    const racing = s.mark();
    s.patch("s:y", (x) => x); // a traffic message for y while y was being read
    expect(s.put("s:y", v(2, "s:y"), racing, 0)).toBe(false);
    const byOwner = s.mark();
    s.invalidate("u:9", { scan: true });
    expect(s.put("s:z", v(3, "s:z", "u:9"), byOwner, 0)).toBe(false);
    const beforeReset = s.mark();
    s.clear();
    expect(s.put("s:w", v(4, "s:w"), beforeReset, 0)).toBe(false);
  });

  it("does not keep a load older than the ring of recent changes", () => {
    const s = store();
    const mark = s.mark();
    for (let i = 0; i < 5_000; i++) s.invalidate(`s:${i}`);
    expect(s.put("s:old", v(1, "s:old"), mark, 0)).toBe(false);
  });

  it("keeps at most `max` entries, the oldest going first, and forgets entries past their age", () => {
    const s = store(3, 1_000);
    for (let i = 0; i < 5; i++) s.put(`s:${i}`, v(i, `s:${i}`), s.mark(), i);
    expect(s.size).toBe(3);
    expect(s.get("s:0", 10)).toBeUndefined();
    expect(s.get("s:4", 10)?.n).toBe(4);
    expect(s.get("s:4", 1_004)).toBeUndefined();
  });

  it("patches the keyed entry and the indexed ones in place", () => {
    const s = store();
    s.put("s:a", v(1, "s:a"), s.mark(), 0);
    s.put("a:x", v(1, "s:a"), s.mark(), 0, { indexed: true });
    s.patch("s:a", (x) => ({ ...x, n: 2 }));
    expect([s.get("s:a", 1)?.n, s.get("a:x", 1)?.n]).toEqual([2, 2]);
  });
});

// Coalesced lookups (db/coalesce.ts): the first goes out at once, the ones made while rounds are out
// leave together, every caller gets its own key's answer, and a failed round fails only its callers.
import { describe, expect, it } from "vitest";
import { coalescing, perHandle } from "../../src/server/db/coalesce";

/** A loadMany whose rounds the test finishes by hand, recording the keys of each. */
function manual() {
  const rounds: { keys: string[]; finish: (missing?: string[]) => void; fail: (err: Error) => void }[] = [];
  const loadMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      rounds.push({ keys, finish: (missing = []) => resolve(new Map(keys.filter((k) => !missing.includes(k)).map((k) => [k, `v:${k}`]))), fail: reject });
    });
  return { rounds, loadMany };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("coalescing", () => {
  it("sends a lone lookup at once and answers it", async () => {
    const { rounds, loadMany } = manual();
    const load = coalescing(loadMany);
    const p = load("a");
    await tick();
    expect(rounds.map((r) => r.keys)).toEqual([["a"]]);
    rounds[0]!.finish();
    await expect(p).resolves.toBe("v:a");
  });

  it("queues lookups while rounds are out and sends them as one, each caller getting its own key", async () => {
    const { rounds, loadMany } = manual();
    const load = coalescing(loadMany, { maxInFlight: 1 });
    const first = load("a");
    await tick();
    const rest = ["b", "c", "b", "d"].map((k) => load(k));
    await tick();
    expect(rounds).toHaveLength(1); // nothing more leaves while the one allowed round is out
    rounds[0]!.finish();
    await tick();
    expect(rounds.map((r) => r.keys)).toEqual([["a"], ["b", "c", "d"]]); // distinct keys, in order
    rounds[1]!.finish(["c"]);
    await expect(first).resolves.toBe("v:a");
    await expect(Promise.all(rest)).resolves.toEqual(["v:b", undefined, "v:b", "v:d"]);
  });

  it("keeps at most maxInFlight rounds out and maxBatch keys in each", async () => {
    const { rounds, loadMany } = manual();
    const load = coalescing(loadMany, { maxInFlight: 2, maxBatch: 3 });
    const all = Array.from({ length: 8 }, (_, i) => load(`k${i}`));
    await tick();
    expect(rounds.map((r) => r.keys)).toEqual([
      ["k0", "k1", "k2"],
      ["k3", "k4", "k5"],
    ]);
    rounds[1]!.finish();
    await tick();
    expect(rounds[2]!.keys).toEqual(["k6", "k7"]);
    rounds[0]!.finish();
    rounds[2]!.finish();
    await expect(Promise.all(all)).resolves.toEqual(Array.from({ length: 8 }, (_, i) => `v:k${i}`));
  });

  it("answers many lookups of one key with one key of one round, whatever maxBatch is", async () => {
    const { rounds, loadMany } = manual();
    const load = coalescing(loadMany, { maxInFlight: 1, maxBatch: 2 });
    const first = load("x");
    await tick();
    const same = Array.from({ length: 1000 }, () => load("x"));
    const other = load("y");
    rounds[0]!.finish();
    await tick();
    expect(rounds.map((r) => r.keys)).toEqual([["x"], ["x", "y"]]);
    rounds[1]!.finish();
    await expect(Promise.all([first, ...same, other])).resolves.toEqual([...Array(1001).fill("v:x"), "v:y"]);
  });

  it("fails every lookup of a failed round, and only those", async () => {
    const { rounds, loadMany } = manual();
    const load = coalescing(loadMany, { maxInFlight: 1 });
    const a = load("a");
    await tick();
    const b = load("b");
    rounds[0]!.fail(new Error("connection lost"));
    await expect(a).rejects.toThrow("connection lost");
    await tick();
    rounds[1]!.finish();
    await expect(b).resolves.toBe("v:b");
  });

  it("turns a loadMany that throws before returning a promise into a rejection", async () => {
    const load = coalescing<string, string>(() => {
      throw new Error("bad query");
    });
    await expect(load("a")).rejects.toThrow("bad query");
    await expect(load("b")).rejects.toThrow("bad query"); // and the next round still leaves
  });

  it("keeps one coalescer per handle", async () => {
    const made: object[] = [];
    const per = perHandle((h: object) => {
      made.push(h);
      return coalescing(async (keys: string[]) => new Map(keys.map((k) => [k, k])));
    });
    const h1 = {}, h2 = {};
    expect(per(h1)).toBe(per(h1));
    expect(per(h2)).not.toBe(per(h1));
    expect(made).toEqual([h1, h2]);
  });
});

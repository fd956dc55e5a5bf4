// Lookups of one key each, sent to the database as one query per round (issue 25: the subscription
// endpoint's cold path, where nearly every fetch is the first of its subscription). No timer and no
// waiting: the first lookup goes out at once; lookups made while `maxInFlight` rounds are out queue up
// and leave together when one returns. An idle server therefore answers as before, and a busy one
// pays one round trip, one plan execution and one driver call per batch instead of per request.

export interface CoalesceOptions {
  /** Keys per query at most (an `= any($1)` list stays small enough to plan as an index lookup). */
  maxBatch?: number;
  /** Queries out at once; the rest of the pool stays for everything else. */
  maxInFlight?: number;
}

interface Waiter<V> {
  resolve: (v: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * `loadMany` gets distinct keys and returns what it found by key (a missing key answers undefined).
 * When it fails, every lookup of that round fails with its error (as each would have alone).
 */
export function coalescing<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, opts: CoalesceOptions = {}): (key: K) => Promise<V | undefined> {
  const maxBatch = opts.maxBatch ?? 64;
  const maxInFlight = opts.maxInFlight ?? 2;
  // Waiting lookups by key, oldest key first: a thousand lookups of one key are one key of a round.
  let queue = new Map<K, Waiter<V>[]>();
  let inFlight = 0;
  let pumping = false;

  const send = (batch: Map<K, Waiter<V>[]>) => {
    inFlight++;
    let round: Promise<Map<K, V>>;
    try {
      round = loadMany([...batch.keys()]);
    } catch (err) {
      round = Promise.reject(err);
    }
    round
      .then(
        (found) => batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(found.get(key)))),
        (err: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(err))),
      )
      .finally(() => {
        inFlight--;
        pump();
      });
  };

  function pump(): void {
    while (inFlight < maxInFlight && queue.size > 0) {
      let batch = queue;
      if (queue.size <= maxBatch) queue = new Map();
      else {
        batch = new Map();
        for (const [key, waiters] of queue) {
          if (batch.size === maxBatch) break;
          batch.set(key, waiters);
          queue.delete(key);
        }
      }
      send(batch);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = queue.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queue.set(key, [{ resolve, reject }]);
      // Lookups made in the same turn of the event loop leave together.
      if (!pumping) {
        pumping = true;
        queueMicrotask(() => {
          pumping = false;
          pump();
        });
      }
    });
}

/** One coalescer per database handle (tests open several databases in one process). */
export function perHandle<H extends object, K, V>(make: (handle: H) => (key: K) => Promise<V | undefined>): (handle: H) => (key: K) => Promise<V | undefined> {
  const made = new WeakMap<H, (key: K) => Promise<V | undefined>>();
  return (handle) => {
    let load = made.get(handle);
    if (!load) made.set(handle, (load = make(handle)));
    return load;
  };
}

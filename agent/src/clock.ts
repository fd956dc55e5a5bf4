// Every wait in the agent goes through a Clock, so tests drive time instead of sleeping.
export interface Clock {
  now(): number;
  /** Resolves after ms, or early (without throwing) when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted || ms <= 0) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    }),
};

/** A clock that only moves when told to; sleep() advances it at once. */
export function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void; slept: number[] } {
  let t = start;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      if (ms > 0) t += ms;
    },
    advance: (ms) => {
      t += ms;
    },
    slept,
  };
}

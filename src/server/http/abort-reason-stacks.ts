// A finished page render must not stay in memory (issue 25, bounded memory). React's Flight server
// ends every render with `cacheController.abort(new Error("This render completed successfully…"))`
// inside a setImmediate callback. V8 keeps an Error's stack as structured frames until `.stack` is
// first read, and each frame holds its receiver: here the Immediate, which carries the render's
// async context (React's request store, and through it the request, its response and its HTML), and
// whose `_idleNext` (Node leaves it set once the callback has run) reaches the Immediates of the
// renders that ran after it. Nothing ever reads that reason, so each render kept the next ones
// alive: the live heap grew by about 60 KB per page served (126 to 198 MB in 135 s of the bench's
// mixed load) towards the heap limit. Reading `.stack` right after the abort replaces the frames
// with their text and lets the render go. Upstream: React issue #37288 (Flight leaks completed
// renders), still open for the React that Next.js 16.4 bundles.

const g = globalThis as unknown as { __relayboardAbortStacks?: boolean };

/** Formats an Error reason's stack once, so V8 drops the frames (and what they hold) for the text. */
export function settleReasonStack(signal: AbortSignal): void {
  const reason: unknown = signal.reason;
  if (!(reason instanceof Error)) return;
  try {
    void reason.stack;
  } catch {
    // A stack getter that throws keeps nothing to release; the abort itself has happened.
  }
}

/** Every AbortController of the process settles its reason's stack when it aborts (once per process). */
export function releaseAbortReasonStacks(): void {
  if (g.__relayboardAbortStacks) return;
  g.__relayboardAbortStacks = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function (this: AbortController, reason?: unknown): void {
    abort.call(this, reason);
    settleReasonStack(this.signal);
  };
}

// "Not now, try again at T": thrown by a task handler that was told to wait (Telegram's 429 with
// retry_after, or our own pacing of a rate-limited channel). It is not a failure: the runner puts the
// task back as PENDING for exactly that long without using up one of its attempts (run-due-tasks.ts).
export class RetryLaterError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = `retry after ${retryAfterSeconds} s`) {
    super(message);
    this.name = "RetryLaterError";
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** Duck-typed: the custom server and Next's bundle each load their own copy of this class. */
export function isRetryLater(e: unknown): e is RetryLaterError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "RetryLaterError" && typeof (e as { retryAfterSeconds?: unknown }).retryAfterSeconds === "number";
}

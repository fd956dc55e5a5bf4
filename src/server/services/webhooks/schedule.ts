// When a failed delivery is tried again: 10 s after the first failure, then doubling. With 14
// attempts the last one starts 10 * (2^13 - 1) = 81,910 s (about 22 h 45 min) after the first, so
// a receiver that is down for most of a day still gets the event:
//   attempt  2 at +10 s       6 at +5 min 10 s    10 at +1 h 25 min    14 at +22 h 45 min
//   attempt  3 at +30 s       7 at +10 min 30 s   11 at +2 h 50 min
//   attempt  4 at +1 min 10 s 8 at +21 min 10 s   12 at +5 h 41 min
//   attempt  5 at +2 min 30 s 9 at +42 min 30 s   13 at +11 h 22 min
export const DELIVER_TASK = "webhook.deliver";
export const WEBHOOK_MAX_ATTEMPTS = 14;
/** A resend (admin, CLI) or a test is one attempt: the admin sees its outcome and may press again. */
export const RESEND_MAX_ATTEMPTS = 1;

/** Seconds before the attempt that follows failed attempt `attempt` (1-based). */
export const webhookBackoffSeconds = (attempt: number): number => 10 * 2 ** (attempt - 1);

/** Seconds from the first attempt to the start of attempt `n`. */
export const secondsBeforeAttempt = (n: number): number => 10 * (2 ** (n - 1) - 1);

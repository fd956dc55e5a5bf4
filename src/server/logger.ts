// Structured JSON logs, one line per event. Before writing, secret-looking keys are redacted at
// any depth, errors are reduced by describeError (no SQL parameters), and string values that are
// secrets by their shape (argon2 hashes, our ciphertexts, token query parameters) are masked.
import { describeError } from "./describe-error";
import { env } from "./env";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /pass(word)?|secret|token|key|authorization|cookie|hash|otp|totp|recovery|credential|params/i;
const MAX_DEPTH = 6;
const REDACTED = "[redacted]";

/** Secrets recognisable by shape wherever they appear inside a string. */
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[^\s"',;]*/g, REDACTED],
  [/\bv1\.[0-9a-f]{8}\.[A-Za-z0-9_.-]+/g, REDACTED],
  [/\b(rbn_)[A-Za-z0-9_-]{20,}/g, `$1${REDACTED}`],
  // API tokens (rb_<prefix>_<secret>): the prefix stays, so a log line still says which token.
  [/\b(rb_[0-9a-f]{8}_)[A-Za-z0-9_-]{20,}/g, `$1${REDACTED}`],
  [/([?&;](?:token|secret|password|key|code|sig|signature)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`],
  // A gift's claim link carries its one-time code in the path (/gift/<code>, services/gifts/codes.ts).
  [/(\/gift\/)[A-Za-z0-9_-]{16,}/g, `$1${REDACTED}`],
  // A staff invitation carries its one-time token in the path (/staff-invite/<token>, services/staff).
  [/(\/staff-invite\/)[A-Za-z0-9_-]{16,}/g, `$1${REDACTED}`],
];

export function redactString(s: string): string {
  let out = s;
  for (const [re, by] of SECRET_SHAPES) out = out.replace(re, by);
  return out;
}

/** A copy safe to log. Beyond MAX_DEPTH values are replaced (never passed through raw). */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "string") return redactString(value);
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? String(value) : value;
  if (value instanceof Date) return value;
  if (depth > MAX_DEPTH) return "[too deep]";
  if (seen.has(value)) return "[circular]";
  if (value instanceof Error) return redact(describeError(value, { stack: true }), depth + 1, seen);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[binary ${value.byteLength} bytes]`;
  seen.add(value); // ancestors only: the same object twice side by side is not a cycle
  try {
    if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  let min: Level = "info";
  try {
    min = env().LOG_LEVEL;
  } catch {
    /* logging must work even when configuration is broken */
  }
  if (order[level] < order[min]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: redactString(msg), ...(redact(fields ?? {}) as object) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};

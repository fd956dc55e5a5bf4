// When this process last finished a write that can change what the subscription gate serves (a
// statement on subscriptions, users, plans or nodes, or any COMMIT, since a transaction's statements
// take effect there). The gate's read model (services/subscription-content/read-model) learns of
// changes through LISTEN/NOTIFY, which arrives a moment after the commit: after a local write, the
// model first proves it has caught up (one ping on its connection), so an instance always honours
// its own writes at once, and other instances within the feed's bound.
import pg from "pg";

const GATE_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?(?:subscriptions|users|plans|nodes)"?[\s(]|^\s*(?:commit|end)\b/i;

const g = globalThis as unknown as { __relayboardGateWriteAt?: number };

/** Milliseconds since the epoch of the last gate write this process completed (0: none yet). */
export function lastGateWriteAt(): number {
  return g.__relayboardGateWriteAt ?? 0;
}

export function noteGateWrite(at = Date.now()): void {
  g.__relayboardGateWriteAt = Math.max(lastGateWriteAt(), at);
}

const textOf = (q: unknown): string => (typeof q === "string" ? q : typeof (q as { text?: unknown })?.text === "string" ? (q as { text: string }).text : "");

/**
 * The pool's client class (Pool option `Client`): stamps each completed gate write. Callback and
 * promise forms of query() both; submittables (cursors, streams) are passed through untouched.
 */
export class GateWriteClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    (this as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (!GATE_WRITE.test(textOf(args[0]))) return query(...args);
      const last = args.length - 1;
      const cb = args[last];
      if (typeof cb === "function") {
        args[last] = (err: unknown, res: unknown) => {
          if (!err) noteGateWrite();
          (cb as (e: unknown, r: unknown) => void)(err, res);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) void result.then(() => noteGateWrite(), () => undefined);
      return result;
    };
  }
}

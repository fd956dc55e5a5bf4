// Asynchronous payment notifications with retries, as the platforms send them: the first attempt at
// once, then one per configured delay until the merchant's reply is accepted. Everything sent and
// every reply is kept for tests to inspect.

export interface NotifyAttempt { at: number; status?: number; reply?: string; error?: string; accepted: boolean }

export interface Notification {
  outTradeNo: string;
  method: "GET" | "POST";
  url: string;
  /** POST body (form-urlencoded), or the query of a GET. */
  params: Record<string, string>;
  attempts: NotifyAttempt[];
  delivered: boolean;
  /** Settles when delivered or when the retries are used up. */
  done: Promise<void>;
}

export interface NotifierOptions {
  /** Delays before the 2nd, 3rd... attempt. */
  retryDelaysMs: number[];
  /** Per-attempt deadline. */
  timeoutMs?: number;
  accept: (reply: string) => boolean;
}

export class Notifier {
  readonly sent: Notification[] = [];
  private timers = new Set<NodeJS.Timeout>();
  /** `done` of deliveries still retrying, settled by close() so nobody waits forever. */
  private pending = new Set<() => void>();
  private closed = false;
  constructor(private opts: NotifierOptions) {}

  setRetryDelays(ms: number[]): void {
    this.opts.retryDelaysMs = ms;
  }

  /** Starts delivery; resolves after the first attempt (its outcome is in `attempts[0]`). */
  async send(n: Omit<Notification, "attempts" | "delivered" | "done">): Promise<Notification> {
    let settle!: () => void;
    const rec: Notification = { ...n, attempts: [], delivered: false, done: new Promise<void>((r) => (settle = r)) };
    const finish = () => {
      this.pending.delete(finish);
      settle();
    };
    this.pending.add(finish);
    this.sent.push(rec);
    const attempt = async (i: number): Promise<void> => {
      if (this.closed) return finish();
      const ok = await this.attemptOnce(rec);
      if (ok) {
        rec.delivered = true;
        return finish();
      }
      const delay = this.opts.retryDelaysMs[i];
      if (delay === undefined || this.closed) return finish();
      const t = setTimeout(() => {
        this.timers.delete(t);
        void attempt(i + 1);
      }, delay);
      this.timers.add(t);
    };
    await attempt(0);
    return rec;
  }

  private async attemptOnce(n: Notification): Promise<boolean> {
    const body = new URLSearchParams(n.params).toString();
    const url = n.method === "GET" ? `${n.url}${n.url.includes("?") ? "&" : "?"}${body}` : n.url;
    const at = Date.now();
    try {
      const res = await fetch(url, {
        method: n.method,
        redirect: "manual",
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
        ...(n.method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" }, body } : {}),
      });
      const reply = await res.text();
      const accepted = this.opts.accept(reply);
      n.attempts.push({ at, status: res.status, reply: reply.slice(0, 500), accepted });
      return accepted;
    } catch (err) {
      n.attempts.push({ at, error: (err as Error).message, accepted: false });
      return false;
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const f of [...this.pending]) f();
  }
}

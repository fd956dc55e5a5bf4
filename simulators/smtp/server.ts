// A capturing SMTP server (smtp-server) for tests and the demo: accepts mail over a real socket,
// parses each message and lets a test wait for the one it expects. Plain SMTP only (no STARTTLS),
// optionally with AUTH PLAIN/LOGIN so a test can prove that credentials are sent and checked.
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { readMail } from "./read-mail";

export interface CapturedMail {
  /** 0-based position in `messages` (arrival order; clear() starts again at 0). */
  index: number;
  /** The From header, decoded (`"Relayboard" <no-reply@example.com>`). */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased: includes Bcc. */
  to: string[];
  envelopeFrom: string;
  /** Addresses in the To/Cc headers, lower-cased. */
  headerTo: string[];
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  headers: Record<string, string[]>;
  attachments: { contentType: string; filename?: string; size: number }[];
  /** The message exactly as received (headers and encoded body), as UTF-8 text. */
  raw: string;
  /** The user the client authenticated as, when auth is on. */
  authUser?: string;
  receivedAt: Date;
}

export type MailPredicate = (m: CapturedMail) => boolean;

export interface SmtpSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Require AUTH PLAIN/LOGIN with these credentials. Without it, no auth is offered or needed. */
  auth?: { user: string; pass: string };
  /** Largest accepted message in bytes (default 10 MiB). */
  maxSize?: number;
}

export interface WaitForOptions {
  /** Only messages with index >= since: take `sim.messages.length` before the action that mails. */
  since?: number;
}

export interface SmtpSimulator {
  port: number;
  host: string;
  /** `smtp://host:port` (with credentials when auth is on), usable as SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  authAttempts: { user: string; success: boolean }[];
  /**
   * Resolves with the first message (oldest first, including ones already received) that matches.
   * Rejects after timeoutMs with a list of what did arrive, or when the simulator closes.
   */
  waitFor(predicate?: MailPredicate, timeoutMs?: number, opts?: WaitForOptions): Promise<CapturedMail>;
  /** Shorthand: the first mail to `address` (case-insensitive). */
  waitForMailTo(address: string, timeoutMs?: number, opts?: WaitForOptions): Promise<CapturedMail>;
  /** Refuse the next `count` messages at DATA with a temporary (4xx) or permanent (5xx) error. */
  failNext(count?: number, reply?: { code: number; message: string }): void;
  clear(): void;
  close(): Promise<void>;
}

interface Waiter { predicate: MailPredicate; since: number; resolve: (m: CapturedMail) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }

const matches = (predicate: MailPredicate, m: CapturedMail) => {
  try {
    return predicate(m);
  } catch {
    return false; // a predicate that trips over a field is a non-match, not a crash
  }
};

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpSimulator(opts: SmtpSimulatorOptions = {}): Promise<SmtpSimulator> {
  const messages: CapturedMail[] = [];
  const authAttempts: SmtpSimulator["authAttempts"] = [];
  const waiters = new Set<Waiter>();
  let failures: { left: number; code: number; message: string } = { left: 0, code: 451, message: "" };

  async function capture(bytes: Buffer, session: SMTPServerSession): Promise<CapturedMail> {
    const parsed = await readMail(bytes);
    const mail: CapturedMail = {
      index: messages.length,
      from: parsed.from,
      to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
      headerTo: parsed.to,
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
      messageId: parsed.messageId,
      headers: parsed.headers,
      attachments: parsed.attachments,
      raw: bytes.toString("utf8"),
      authUser: typeof session.user === "string" ? session.user : undefined,
      receivedAt: new Date(),
    };
    messages.push(mail);
    for (const w of [...waiters]) {
      if (mail.index >= w.since && matches(w.predicate, mail)) {
        waiters.delete(w);
        clearTimeout(w.timer);
        w.resolve(mail);
      }
    }
    return mail;
  }

  const server = new SMTPServer({
    banner: "Relayboard SMTP simulator",
    logger: false,
    disableReverseLookup: true,
    hideSTARTTLS: true,
    disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !opts.auth,
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    size: opts.maxSize ?? 10 * 1024 * 1024,
    closeTimeout: 1000,
    onAuth(auth, _session, cb) {
      const ok = Boolean(opts.auth) && auth.username === opts.auth!.user && auth.password === opts.auth!.pass;
      authAttempts.push({ user: auth.username ?? "", success: ok });
      if (!ok) return cb(smtpError(535, "5.7.8 Authentication credentials invalid"));
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      readAll(stream)
        .then(async (bytes) => {
          if (stream.sizeExceeded) return cb(smtpError(552, "5.3.4 Message too big"));
          if (failures.left > 0) {
            failures.left--;
            return cb(smtpError(failures.code, failures.message));
          }
          const mail = await capture(bytes, session);
          cb(null, `2.0.0 Ok: queued as sim-${mail.index}`);
        })
        .catch((err: Error) => cb(err));
    },
  });
  server.on("error", () => undefined); // a client dropping its socket is not the simulator's failure

  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    const s = server.listen(opts.port ?? 0, host, () => resolve());
    s.once("error", reject);
  });
  const port = (server.server.address() as AddressInfo).port;
  const cred = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : "";
  let closed = false;

  const sim: SmtpSimulator = {
    port,
    host,
    url: `smtp://${cred}${host.includes(":") ? `[${host}]` : host}:${port}`,
    messages,
    authAttempts,
    waitFor(predicate = () => true, timeoutMs = 10_000, wopts = {}) {
      const since = wopts.since ?? 0;
      const found = messages.find((m) => m.index >= since && matches(predicate, m));
      if (found) return Promise.resolve(found);
      if (closed) return Promise.reject(new Error("SMTP simulator is closed"));
      return new Promise<CapturedMail>((resolve, reject) => {
        const w: Waiter = {
          predicate,
          since,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(w);
            const seen = messages.map((m) => `#${m.index} to ${m.to.join(",")}: ${m.subject}`).join("; ") || "none";
            reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`));
          }, timeoutMs),
        };
        waiters.add(w);
      });
    },
    waitForMailTo(address, timeoutMs, wopts) {
      const a = address.toLowerCase();
      return sim.waitFor((m) => m.to.includes(a) || m.headerTo.includes(a), timeoutMs, wopts);
    },
    failNext(count = 1, reply = { code: 451, message: "4.3.0 Temporarily unavailable, try again later" }) {
      failures = { left: count, ...reply };
    },
    clear() {
      messages.length = 0;
    },
    close() {
      closed = true;
      for (const w of waiters) {
        clearTimeout(w.timer);
        w.reject(new Error("SMTP simulator closed while waiting for mail"));
      }
      waiters.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sim;
}

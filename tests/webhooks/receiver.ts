// A real webhook receiver for the tests: node:http on 127.0.0.1, recording every request (method,
// headers, body) and answering with whatever the test sets: a status, or a function that may hold
// the answer or drop the connection. Also the receiver side of the scheme: the signature checked
// independently with node:crypto from the secret the admin was shown.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = (req: Received, res: http.ServerResponse) => void | Promise<void>;

export interface Receiver {
  readonly port: number;
  /** http://127.0.0.1:<port><path> */
  url(path?: string): string;
  readonly received: Received[];
  /** How the next requests are answered (default: 204). */
  answer(with_: number | Answer): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let answer: Answer = (_req, res) => void res.writeHead(204).end();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      void answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answer(with_) {
      answer = typeof with_ === "number" ? (_req, res) => void res.writeHead(with_, { "content-type": "text/plain" }).end(`answered ${with_}`) : with_;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Standard Webhooks check, written apart from the service's code: true when one v1 signature matches. */
export function verifySignature(secret: string, r: Received): boolean {
  const id = String(r.headers["relayboard-webhook-id"]);
  const timestamp = String(r.headers["relayboard-webhook-timestamp"]);
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${r.body}`).digest();
  return String(r.headers["relayboard-webhook-signature"])
    .split(" ")
    .some((part) => {
      const [version, sig] = part.split(",");
      const given = Buffer.from(sig ?? "", "base64");
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

// A merchant's notify endpoint in miniature: a real node:http server that records what arrives
// and answers what the test tells it to.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received { method: string; query: Record<string, string>; form: Record<string, string> }

export async function startReceiver(reply: (r: Received, n: number) => string = () => "success") {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const url = new URL(req.url ?? "/", "http://x");
      const r = { method: req.method ?? "", query: Object.fromEntries(url.searchParams), form: Object.fromEntries(new URLSearchParams(body)) };
      received.push(r);
      res.end(reply(r, received.length));
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return {
    url,
    received,
    /** Resolves once `count` notifies have arrived. */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} notifies arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}

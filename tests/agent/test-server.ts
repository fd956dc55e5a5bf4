// A real HTTP server standing in for Relayboard's agent endpoints. Each request is recorded; what
// it answers is decided per request by `respond` (default 200 {ok:true}).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | "drop";

export class TestServer {
  received: Received[] = [];
  respond: (req: Received, index: number) => Answer = () => ({ status: 200, body: { ok: true } });
  private server: http.Server | null = null;
  port = 0;

  /** A port nothing listens on yet (for "server down first"). */
  static async freePort(): Promise<number> {
    const s = http.createServer();
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const { port } = s.address() as AddressInfo;
    await new Promise<void>((r) => s.close(() => r()));
    return port;
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rec: Received = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
        const index = this.received.push(rec) - 1;
        const answer = this.respond(rec, index);
        if (answer === "drop") {
          // The request was read (and, on a real server, processed); the answer is lost.
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, { "content-type": "application/json", connection: "close", ...answer.headers });
        res.end(JSON.stringify(answer.body ?? {}));
      });
    });
    await new Promise<void>((r) => this.server!.listen(port, "127.0.0.1", r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
}

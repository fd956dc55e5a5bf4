// A tiny HTTP proxy between the agent and the server that loses the first answer: the request goes
// through and is processed, the server's whole answer comes back to the proxy, and the proxy then
// destroys the agent's socket instead of passing it on. Later requests pass through. Every exchange
// is recorded with the server's answer, so a test can see what the agent never saw.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  path: string;
  idempotencyKey: string | undefined;
  requestBody: string;
  status: number;
  replayed: string | null;
  responseBody: string;
  /** False for the answer the proxy threw away. */
  delivered: boolean;
}

export class DropFirstAnswerProxy {
  exchanges: Exchange[] = [];
  private server: http.Server | null = null;
  private port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const requestBody = Buffer.concat(chunks);
        const up = http.request({ ...this.target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (c: Buffer) => body.push(c));
          answer.on("end", () => {
            const deliver = this.exchanges.length > 0;
            this.exchanges.push({
              path: req.url ?? "",
              idempotencyKey: req.headers["idempotency-key"] as string | undefined,
              requestBody: requestBody.toString("utf8"),
              status: answer.statusCode ?? 0,
              replayed: (answer.headers["idempotent-replayed"] as string | undefined) ?? null,
              responseBody: Buffer.concat(body).toString("utf8"),
              delivered: deliver,
            });
            if (!deliver) {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        });
        up.on("error", () => req.socket.destroy());
        up.end(requestBody);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
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

// The app's /api/agent/* Route Handlers (the real POST functions, on this file's test database)
// served over real HTTP on a port the built agent can reach, and stopped and started again on the
// same port for the outage scenario.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as latency } from "../../src/app/api/agent/latency/route";
import { POST as metrics } from "../../src/app/api/agent/metrics/route";
import { POST as nodeAccess } from "../../src/app/api/agent/node-access/route";
import { POST as trace } from "../../src/app/api/agent/trace/route";

const ROUTES: Record<string, (req: Request) => Promise<Response>> = {
  "/api/agent/node-access": nodeAccess,
  "/api/agent/latency": latency,
  "/api/agent/trace": trace,
  "/api/agent/metrics": metrics,
};

export interface Served {
  path: string;
  idempotencyKey: string | undefined;
  status: number;
}

export class AgentRoutesServer {
  /** Every request answered by any instance of this object, in order. */
  served: Served[] = [];
  port = 0;
  private server: http.Server | null = null;

  async start(port = this.port): Promise<this> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
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

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!;
    const route = req.method === "POST" ? ROUTES[path] : undefined;
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    try {
      const answer = await route(new Request(`${this.url}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }));
      this.served.push({ path, idempotencyKey: headers.get("idempotency-key") ?? undefined, status: answer.status });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      this.served.push({ path, idempotencyKey: headers.get("idempotency-key") ?? undefined, status: 500 });
      res.writeHead(500, { "content-type": "text/plain" }).end(String((err as Error)?.stack ?? err));
    }
  }
}

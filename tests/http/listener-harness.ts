// The custom server's listener on a real socket with a stand-in for Next (as main.ts wires it,
// CONNECT included), and a client for it. 127.0.0.1 is the trusted proxy; 127.0.0.2 an untrusted peer.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../../src/server/db/client";
import { parseTrustedProxies } from "../../src/server/http/client-ip";
import { makeRequestListener, refuseConnect, type NextHandle } from "../../src/server/http/request-listener";

export interface Reply { status: number; headers: IncomingHttpHeaders; body: string }
export interface Listener { port: number; close: () => Promise<void>; send: (opts: SendOptions) => Promise<Reply> }
export interface SendOptions { from?: string; method?: string; path?: string; headers?: Record<string, string>; body?: string }

/** `db`: the custom server answers the subscription content endpoint itself, on this database. */
export async function startListener(handle: NextHandle, opts: { db?: Db } = {}): Promise<Listener> {
  const server: Server = createServer(makeRequestListener(handle, { trusted: parseTrustedProxies("127.0.0.1"), appHttps: false, dev: false, db: opts.db }));
  server.on("connect", refuseConnect);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const send = (opts: SendOptions) =>
    new Promise<Reply>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, localAddress: opts.from ?? "127.0.0.1", method: opts.method ?? "GET", path: opts.path ?? "/", headers: opts.headers }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end(opts.body);
    });
  return { port, send, close: () => new Promise<void>((r) => server.close(() => r())) };
}

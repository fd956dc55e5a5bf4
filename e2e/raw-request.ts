// One HTTP request over a plain socket, optionally from another loopback address (127.0.0.2 and
// up are untrusted peers for the e2e server, whose TRUSTED_PROXIES is 127.0.0.1 and ::1).
import { readFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

/** The id of a real Server Action, read from the build, to call it the way the browser does. */
export function serverActionId(exportedName: string): string {
  const m = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, { exportedName?: string }> };
  const hit = Object.entries(m.node).find(([, v]) => v.exportedName === exportedName);
  if (!hit) throw new Error(`no server action ${exportedName} in the build`);
  return hit[0];
}

export interface RawReply { status: number; headers: IncomingHttpHeaders; body: string; setCookies: string[] }

export function rawRequest(opts: { port?: number; from?: string; method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean }): Promise<RawReply> {
  const port = opts.port ?? Number(process.env.E2E_PORT ?? 3123);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, localAddress: opts.from ?? "127.0.0.1", method: opts.method ?? "GET", path: opts.path, headers: opts.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, setCookies: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    if (opts.chunked) req.setHeader("transfer-encoding", "chunked");
    req.end(opts.body);
  });
}

/** Bytes written as they are over a plain socket (CONNECT, which Node's client treats specially); the whole reply as text. */
export function rawSocket(text: string): Promise<string> {
  const port = Number(process.env.E2E_PORT ?? 3123);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let reply = "";
    socket.setEncoding("utf8").on("data", (d: string) => (reply += d));
    socket.on("end", () => resolve(reply));
    socket.on("close", () => resolve(reply));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer to the raw request")));
  });
}

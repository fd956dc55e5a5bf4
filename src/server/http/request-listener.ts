// The custom server's request listener: admit (or refuse) the request, stamp headers, log one line,
// and hand it to Next. Separate from main.ts so tests can run it on a real socket with any handler.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { log } from "../logger";
import { runServerActionRequest } from "./action-scope";
import { clientWentAway, inRequestScope, isConnectionAbort } from "./client-abort";
import { errorBody } from "./error-body";
import { admitRequest, ALLOWED_METHODS, type IncomingOptions } from "./incoming";
import { lingerOnAbort } from "./linger-on-abort";
import type { Db } from "../db/client";
import { routeSubscription, serveSubscription } from "./subscription-handler";
import { countHttpRequest } from "../metrics/count";
import { isMetricsRequest, serveMetrics } from "./metrics-handler";

export type NextHandle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** `db`: the subscription content endpoint is answered here, before Next (subscription-handler.ts). */
export function makeRequestListener(handle: NextHandle, opts: IncomingOptions & { db?: Db }): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const admitted = admitRequest(req, opts);
    const requestId = "requestId" in admitted ? admitted.requestId : undefined;
    // The path as the client sent it: the subscription page rewrite below changes req.url.
    const path = (req.url ?? "").split("?")[0]!;
    res.on("finish", () => {
      // Path only: query strings carry download tokens and must never reach the logs.
      const ip = "ip" in admitted ? admitted.ip : undefined;
      const ms = performance.now() - started;
      log.info("request", { requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms), ip });
      countHttpRequest(req.method, path, res.statusCode, ms / 1000);
    });
    // No answer was sent because the client left first (a cancelled upload): its doing, not ours.
    res.on("close", () => {
      if (clientWentAway(req, res)) log.info("client went away before the answer", { requestId, method: req.method, path, bodyComplete: req.complete });
    });
    if (!("ip" in admitted)) {
      const body = JSON.stringify({ error: { code: admitted.code, message: admitted.message } });
      res.writeHead(admitted.status, { ...admitted.headers, "content-type": "application/json", "cache-control": "no-store", connection: "close" });
      res.end(body);
      // The body of a refused request is never read: drop the connection rather than drain it.
      req.resume();
      return;
    }
    lingerOnAbort(req, res);
    for (const [k, v] of Object.entries(admitted.responseHeaders)) res.setHeader(k, v);
    if (opts.db && isMetricsRequest(req)) return void serveMetrics(opts.db, req, res, admitted.ip, admitted.requestId);
    const run = () =>
      inRequestScope({ req, res, requestId: admitted.requestId }, () => handle(req, res)).catch((err: unknown) => {
        if (isConnectionAbort(err) && clientWentAway(req, res)) return void res.destroy(); // logged on close
        log.error("request handler crashed", { requestId, error: err });
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "INTERNAL", message: `Something went wrong. Reference: ${requestId}` } }));
      });
    const sub = opts.db ? routeSubscription(req) : null;
    if (sub) {
      const toPage = (url: string) => {
        req.url = url;
        void run();
      };
      return void serveSubscription(opts.db!, req, res, sub, admitted.ip, admitted.requestId, toPage);
    }
    if (!admitted.serverAction) return void run();
    // A client that left mid-body also ends in Next's 500: logged at info on close, not refused here.
    const downgraded = (status: number) => clientWentAway(req, res) || log.warn("server action request refused by Next.js", { requestId, status });
    return void runServerActionRequest(res, downgraded, run);
  };
}

/**
 * CONNECT (a proxy tunnel) is no request this server serves. Without a listener Node drops the
 * connection silently; answering 405 like every other unknown method is the consistent answer.
 */
export function refuseConnect(req: IncomingMessage, socket: Duplex): void {
  socket.on("error", () => socket.destroy());
  const body = JSON.stringify(errorBody("METHOD_NOT_ALLOWED", "Method CONNECT is not allowed"));
  const head = ["HTTP/1.1 405 Method Not Allowed", `allow: ${ALLOWED_METHODS.join(", ")}`, "content-type: application/json", "cache-control: no-store", `content-length: ${Buffer.byteLength(body)}`, "connection: close"];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  log.info("request", { method: req.method, status: 405 });
}

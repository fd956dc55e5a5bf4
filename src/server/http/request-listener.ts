// The custom server's request listener: admit (or refuse) the request, stamp headers, log one line,
// and hand it to Next. Separate from main.ts so tests can run it on a real socket with any handler.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { log } from "../logger";
import { runServerActionRequest } from "./action-scope";
import { admitRequest, type IncomingOptions } from "./incoming";
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
    const sub = opts.db ? routeSubscription(req) : null;
    if (sub?.kind === "content") return void serveSubscription(opts.db!, req, res, sub, admitted.ip, admitted.requestId);
    if (sub?.kind === "page") req.url = sub.url;
    const run = () =>
      handle(req, res).catch((err: unknown) => {
        log.error("request handler crashed", { requestId, error: err });
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "INTERNAL", message: `Something went wrong. Reference: ${requestId}` } }));
      });
    if (!admitted.serverAction) return void run();
    const downgraded = (status: number) => log.warn("server action request refused by Next.js", { requestId, status });
    return void runServerActionRequest(res, downgraded, run);
  };
}

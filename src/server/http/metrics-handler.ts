// GET /api/metrics answered by the custom server before Next (like the subscription content): a
// scrape every few seconds should not pay for Next's request pipeline. Same answer as the Next route.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/client";
import { answerMetrics } from "../metrics/endpoint";
import { localeOfHeaders } from "./request-meta";

const PATH = /^\/api\/metrics\/?(?:\?.*)?$/;

export const isMetricsRequest = (req: IncomingMessage) => (req.method === "GET" || req.method === "HEAD") && PATH.test(req.url ?? "");

export async function serveMetrics(db: Db, req: IncomingMessage, res: ServerResponse, ip: string, requestId: string): Promise<void> {
  const locale = localeOfHeaders({ get: (name) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null) });
  const out = await answerMetrics(db, { authorization: req.headers.authorization, ip, locale, requestId });
  const body = Buffer.from(out.body, "utf8");
  res.writeHead(out.status, { ...out.headers, "content-length": String(body.length) });
  res.end(req.method === "HEAD" ? undefined : body);
}

import { getDb } from "@/server/db/client";
import { localeOfHeaders, requestMeta } from "@/server/http/request-meta";
import { answerMetrics } from "@/server/metrics/endpoint";

/**
 * Prometheus metrics (README "Metrics"). The custom server answers this URL before Next
 * (http/metrics-handler.ts); this route serves it when Next runs on its own, with the same answer.
 */
export async function GET(req: Request) {
  const { requestId, ip } = requestMeta(req.headers);
  // The custom server always sets the client IP; without it the per-IP limit could not run: refuse.
  if (!ip) return new Response(JSON.stringify({ error: { code: "VALIDATION", message: "Client address unknown" } }), { status: 400, headers: { "content-type": "application/json" } });
  const out = await answerMetrics(getDb(), { authorization: req.headers.get("authorization") ?? undefined, ip, locale: localeOfHeaders(req.headers), requestId });
  return new Response(out.body, { status: out.status, headers: out.headers });
}

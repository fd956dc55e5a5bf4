// Gateway callbacks: epay sends GET with a query (some builds POST a form), Alipay POSTs a form.
// The reply is plain text for the gateway; bad input is a 4xx `fail`, never a 5xx.
import { getDb } from "@/server/db/client";
import { describeError } from "@/server/describe-error";
import { DomainError, validationError } from "@/server/errors";
import { readBodyCapped } from "@/server/http/read-json";
import { requestMeta } from "@/server/http/request-meta";
import { log } from "@/server/logger";
import { handlePaymentNotify, NOTIFY_PROVIDERS, type NotifyProvider } from "@/server/services/payments";

const NOTIFY_BODY_LIMIT = 16 * 1024;
const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

async function paramsOf(req: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.fromEntries(new URL(req.url).searchParams);
  if (req.method === "POST") {
    const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const raw = (await readBodyCapped(req, NOTIFY_BODY_LIMIT)).toString("utf8");
    if (type === "application/x-www-form-urlencoded" || (type === "" && raw.includes("="))) Object.assign(out, Object.fromEntries(new URLSearchParams(raw)));
    else if (type === "application/json" && raw.trim()) {
      const json: unknown = JSON.parse(raw);
      // A notify is a set of named fields: `null`, a number, a string or an array is no notify.
      if (json === null || typeof json !== "object" || Array.isArray(json)) throw validationError("invalid_json");
      for (const [k, v] of Object.entries(json)) out[k] = typeof v === "string" ? v : JSON.stringify(v);
    }
  }
  return out;
}

async function handle(req: Request, { params }: { params: Promise<{ provider: string }> }): Promise<Response> {
  const { requestId } = requestMeta(req.headers);
  const { provider } = await params;
  if (!(NOTIFY_PROVIDERS as readonly string[]).includes(provider)) return text(404, "fail");
  let fields: Record<string, string>;
  try {
    fields = await paramsOf(req);
  } catch (err) {
    if (err instanceof DomainError) return text(err.code === "PAYLOAD_TOO_LARGE" ? 413 : 400, "fail");
    if (err instanceof SyntaxError) return text(400, "fail");
    throw err;
  }
  try {
    const reply = await handlePaymentNotify(getDb(), provider as NotifyProvider, fields, new Date(), requestId);
    return text(reply.status, reply.body);
  } catch (err) {
    // Not the gateway's fault (database down...): it will retry, and the log has the cause.
    log.error("payment notify failed", { provider, requestId, error: describeError(err) });
    return text(503, "fail");
  }
}

export const GET = handle;
export const POST = handle;

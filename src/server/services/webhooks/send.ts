// One POST to a checked target. The connection goes to the address the target check approved: the
// request's `lookup` answers with it instead of asking DNS again, while the Host header and the TLS
// server name (SNI and certificate check) stay the URL's host. Redirects are not followed (a 3xx is
// an answer like any other), a fresh connection is used each time (a pooled one might lead to an
// address checked for another request), and the answer's body is read only up to a small cap.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./target-check";

export const SEND_TIMEOUT_MS = 10_000;
const READ_CAP_BYTES = 4096;
// Longer than the log keeps: the caller scrubs it first, then cuts (a cut first could leave half a secret).
const EXCERPT_CHARS = 1000;

export interface SendOutcome {
  status: number;
  /** The start of the answer's body (whitespace collapsed), for the delivery log. */
  excerpt: string;
}

/** DNS for this one request: the checked addresses (all of them when the socket tries several, as Node's dual-stack connect does). */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...a: unknown[]) => void) => {
    if (options?.all) callback(null, target.addresses.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/** Resolves with the receiver's status, or rejects when no answer came (refused, reset, timed out, TLS). */
export function postWebhook(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs = SEND_TIMEOUT_MS): Promise<SendOutcome> {
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target.url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(target),
      agent: false,
    });
    // One deadline for the whole exchange (connect, send, answer), not an idle timeout per read.
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString("utf8").replace(/\s+/g, " ").trim();
        resolve({ status: res.statusCode ?? 0, excerpt: text.slice(0, EXCERPT_CHARS) });
      };
      res.on("data", (chunk: Buffer) => {
        if (size < READ_CAP_BYTES) chunks.push(chunk.subarray(0, READ_CAP_BYTES - size));
        size += chunk.length;
        // The rest is not ours to read: the status is the answer.
        if (size >= READ_CAP_BYTES) res.destroy();
      });
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

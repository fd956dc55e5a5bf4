// A fetch-compatible function over node:http(s) that accepts any TLS certificate, for panels an admin
// explicitly marked "accept the panel's self-signed certificate". Node 20's global fetch (undici) cannot
// take a custom TLS agent without the undici package, and we add no dependencies, so this implements the
// subset of fetch the panel adapter uses: method, headers, string/URLSearchParams/bytes bodies, redirects
// never followed, AbortSignal, decompression, and a real `Response` (so `getSetCookie()` works).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { PassThrough, Readable, pipeline, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/**
 * Certificate checks (chain and host name) are off for this agent only; strict nodes keep using global
 * fetch. No keep-alive: panel calls are few, and a fresh connection per call avoids resets on sockets
 * the panel closed while idle, which Node's client does not retry.
 */
const insecureAgent = new HttpsAgent({ keepAlive: false, rejectUnauthorized: false });

/** Statuses whose Response must have a null body (the constructor throws otherwise). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/** Same shape as global fetch's network failure, so callers (transportError) read `cause.code` alike. */
const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });

async function encodeBody(body: RequestInit["body"], headers: Headers): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof URLSearchParams) {
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    return Buffer.from(body.toString());
  }
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) {
    if (body.type && !headers.has("content-type")) headers.set("content-type", body.type);
    return Buffer.from(await body.arrayBuffer());
  }
  throw new TypeError("insecureFetch supports string, URLSearchParams, Blob and byte bodies only");
}

/** Undo `content-encoding` (applied in order, so decode in reverse) like fetch does; unknown codings pass through. */
function decode(res: IncomingMessage): Readable {
  const codings = String(res.headers["content-encoding"] ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .reverse();
  const decoders: Transform[] = [];
  for (const c of codings) {
    if (c === "gzip" || c === "x-gzip") decoders.push(createGunzip());
    else if (c === "deflate") decoders.push(createInflate());
    else if (c === "br") decoders.push(createBrotliDecompress());
    else return res;
  }
  if (!decoders.length) return res;
  const out = new PassThrough();
  pipeline([res, ...decoders, out], () => undefined); // errors reach `out` and from there the body stream
  return out;
}

function toResponse(res: IncomingMessage, method: string, url: URL): Response {
  const headers = new Headers();
  // rawHeaders keeps repeated headers apart, so every Set-Cookie line survives for getSetCookie().
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 0;
  const hasBody = method !== "HEAD" && !NULL_BODY_STATUS.has(status);
  if (!hasBody) res.resume();
  const body = hasBody ? (Readable.toWeb(decode(res)) as unknown as ReadableStream<Uint8Array>) : null;
  const response = new Response(body, { status, statusText: res.statusMessage ?? "", headers });
  Object.defineProperty(response, "url", { value: url.href });
  return response;
}

/**
 * `fetch` that skips certificate verification. Redirects are never followed: the adapter sends
 * `redirect: "manual"` because a 307 is how older panels say "log in" and it must see that status, so
 * "manual" (and "error") are supported and "follow" (fetch's default) is refused rather than silently
 * behaving differently.
 */
export async function insecureFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) throw new TypeError("insecureFetch takes a URL, not a Request");
  const url = new URL(input);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`insecureFetch cannot fetch ${url.protocol} URLs`);
  const redirect = init.redirect ?? "follow";
  if (redirect === "follow") throw new TypeError('insecureFetch never follows redirects: pass redirect "manual" or "error"');
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  const body = await encodeBody(init.body, headers);
  if (body && (method === "GET" || method === "HEAD")) throw new TypeError(`A ${method} request cannot have a body`);
  if (body) headers.set("content-length", String(body.length));
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "gzip, deflate, br");
  if (!headers.has("accept")) headers.set("accept", "*/*");
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();

  return new Promise<Response>((resolve, reject) => {
    const options = { method, headers: Object.fromEntries(headers), agent: url.protocol === "https:" ? insecureAgent : undefined };
    const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, options);
    let incoming: IncomingMessage | undefined;
    // An abort before the answer rejects the call; after it, it errors the body, as in fetch.
    const onAbort = () => {
      const reason: unknown = signal?.reason;
      incoming?.destroy(reason as Error);
      req.destroy(reason as Error);
      reject(reason);
    };
    const done = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });
    // `on`, not `once`: a second error event without a listener would crash the process.
    req.on("error", (e) => {
      done();
      reject(signal?.aborted ? signal.reason : fetchFailed(e));
    });
    req.once("response", (res) => {
      incoming = res;
      res.once("close", done);
      res.on("error", () => undefined); // reaches the body stream; never an unhandled error event
      if (redirect === "error" && status3xx(res.statusCode)) {
        res.destroy();
        return reject(fetchFailed(new Error(`redirect mode is "error" and the server answered ${res.statusCode}`)));
      }
      try {
        resolve(toResponse(res, method, url));
      } catch (e) {
        res.destroy();
        reject(fetchFailed(e)); // e.g. a status outside 200-599, which Response cannot represent
      }
    });
    req.end(body);
  });
}

const status3xx = (s: number | undefined) => s !== undefined && s >= 300 && s < 400 && s !== 304;

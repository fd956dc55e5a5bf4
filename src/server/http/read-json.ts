import { DomainError, validationError } from "../errors";
import { isConnectionAbort } from "./client-abort";

/** A request body that is read only when the verb asks for it: after its caller and rate-limit checks. */
export type LazyBody = unknown | (() => Promise<unknown>);

export async function bodyOf(raw: LazyBody): Promise<unknown> {
  return typeof raw === "function" ? (raw as () => Promise<unknown>)() : raw;
}

const tooLarge = (maxBytes: number) => new DomainError("PAYLOAD_TOO_LARGE", "payload_too_large", { maxBytes });

/** `application/json` or any `application/<x>+json`, parameters (charset) allowed. */
export function isJsonContentType(value: string | null): boolean {
  const type = (value ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads at most `maxBytes` of the body, counting while it streams: a chunked upload without
 * Content-Length is cut off at the cap (413) instead of being buffered whatever its size.
 */
export async function readBodyCapped(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((err: unknown) => {
      // The request's own stream failed: the client went away mid-body. That is its doing, not a
      // fault of ours (the listener logs it at info with the request id).
      throw isConnectionAbort(err) ? validationError("request_incomplete") : err;
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Reads a JSON body: non-JSON content type 415, oversized 413 (while reading), malformed 400. */
export async function readJson(req: Request, maxBytes = 64 * 1024): Promise<unknown> {
  if (!isJsonContentType(req.headers.get("content-type"))) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "json_required");
  }
  const text = (await readBodyCapped(req, maxBytes)).toString("utf8");
  if (!text.trim()) throw validationError("json_required");
  try {
    return JSON.parse(text);
  } catch {
    throw validationError("invalid_json");
  }
}

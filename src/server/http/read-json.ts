import { DomainError, validationError } from "../errors";

/** Reads a JSON body with a size cap: malformed JSON is a 400, an oversized body a 413. */
export async function readJson(req: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new DomainError("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`);
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new DomainError("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`);
  if (!text.trim()) throw validationError("Request body must be JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw validationError("Request body is not valid JSON");
  }
}

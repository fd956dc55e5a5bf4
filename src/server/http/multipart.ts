// Uploads through Route Handlers (Server Actions are capped at 2 MB, too small for three 3 MiB
// images). A multipart form is something any other site can make a browser POST with our cookies
// (JSON bodies cannot be sent cross-site without a CORS preflight, forms can), so these routes
// check that the request comes from our own pages before anything else, then read the body with a
// hard cap while it streams, and only then let the platform parse it.
import { DomainError, forbidden, validationError } from "../errors";
import { readBodyCapped } from "./read-json";

const hostOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * Refuses (403) a request a browser sent from another site. Browsers send `Origin` on every POST
 * and `Sec-Fetch-Site` on every request; a client that sends neither is not a browser carrying
 * someone's cookies. `X-Forwarded-Host` survives only from a trusted proxy (http/incoming.ts).
 */
export function requireSameOrigin(req: Request): void {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") throw forbidden("cross_site_request");
  const origin = req.headers.get("origin");
  if (origin === null) return;
  const host = (req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host") || "").toLowerCase();
  if (!host || hostOf(origin) !== host) throw forbidden("cross_site_request");
}

/** Reads a multipart/form-data body of at most `maxBytes` (413 while reading, before it is all in). */
export async function readMultipart(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (type.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data") throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "multipart_required");
  const body = await readBodyCapped(req, maxBytes);
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw validationError("multipart_required");
  }
}

/** The text fields named, as a plain object (a file sent where text belongs is ignored). */
export function formFields(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    if (typeof v === "string") out[name] = v;
  }
  return out;
}

/** The uploaded files under `files` (or `files[]`), with the name the browser gave each. */
export async function formFiles(form: FormData): Promise<{ name: string; bytes: Uint8Array }[]> {
  // A form whose file input was left empty still sends one part with no name and no bytes.
  const files = [...form.getAll("files"), ...form.getAll("files[]")].filter((v): v is File => typeof v !== "string" && !(v.name === "" && v.size === 0));
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

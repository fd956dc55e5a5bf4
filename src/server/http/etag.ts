// Conditional GET for small JSON answers that clients poll: the answer names its version in `ETag`,
// and a request whose `If-None-Match` already holds it gets an empty 304.
import { NextResponse } from "next/server";

/** True when `If-None-Match` names `etag` (weak or strong, in a list, or `*`). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

/**
 * The JSON `body` with its `etag`, or a 304 when the caller has that version already. `private,
 * no-cache`: only the caller's browser may keep it, and only to ask again with the tag.
 */
export function conditionalJson(req: Request, etag: string, body: unknown): Response {
  const headers = { ETag: etag, "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return NextResponse.json(body, { headers });
}

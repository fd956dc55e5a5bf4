// Answers of the knowledge base API with a validator: `ETag` is a hash of the body, and a request
// that sends it back in `If-None-Match` gets an empty 304. What everyone may read the same way is
// `public` (a proxy may keep it a minute); an answer that depends on the session is `private`. The
// language defaults from the cookie or Accept-Language, so both are in `Vary`.
import { createHash } from "node:crypto";
import { NextResponse } from "next/server";
import { etagMatches } from "@/server/http/etag";

export function cachedJson(req: Request, body: unknown, shared: boolean): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  const headers = { ETag: etag, "Cache-Control": shared ? "public, max-age=60" : "private, no-cache", Vary: "Cookie, Accept-Language" };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new NextResponse(text, { headers: { ...headers, "Content-Type": "application/json" } });
}

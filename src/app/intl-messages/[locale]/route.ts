// The whole message catalogue of one language, for the light pages' browsers
// (components/site/full-messages.tsx). Public words only; the same for everyone, so it may be
// cached, and revalidated by its ETag after a deploy changes it.
import { createHash } from "node:crypto";
import { LOCALES, loadMessages } from "@/i18n/request";

const bodies = new Map<string, { body: string; etag: string }>();

async function catalogue(locale: string) {
  let hit = bodies.get(locale);
  if (!hit) {
    const body = JSON.stringify(await loadMessages(locale));
    hit = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    bodies.set(locale, hit);
  }
  return hit;
}

export async function GET(req: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!(LOCALES as readonly string[]).includes(locale)) return new Response("not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { body, etag } = await catalogue(locale);
  const headers = { etag, "cache-control": "public, max-age=0, must-revalidate", "content-type": "application/json; charset=utf-8" };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

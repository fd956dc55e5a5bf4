import { route } from "@/server/http/route";
import { openAttachment } from "@/server/services/support";

// Private to one person and staff: never stored by a shared cache, kept briefly by the browser.
const CACHE = "private, max-age=300";

/** RFC 5987/6266: an ASCII fallback plus the UTF-8 name, both safe inside the header. */
function disposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * A ticket attachment for its owner or an admin; anyone else, signed in or not, gets 404 (never
 * 401/403, which would tell that it exists). Served as the image type its bytes proved, never as a
 * document: nosniff, and a CSP that lets nothing run even if a browser opened it as a page.
 * `?download=1` sends it as an opaque download.
 */
export const GET = route<{ id: string }>("anonymous", async ({ req, ctx, params }) => {
  const a = await openAttachment(ctx, params.id);
  const download = new URL(req.url).searchParams.get("download") === "1";
  return new Response(a.stream, {
    headers: {
      "content-type": download ? "application/octet-stream" : a.contentType,
      "content-length": String(a.sizeBytes),
      "content-disposition": disposition(download ? "attachment" : "inline", a.fileName),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": CACHE,
      etag: `"${a.sha256}"`,
      "cross-origin-resource-policy": "same-origin",
    },
  });
});

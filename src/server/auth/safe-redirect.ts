// Where a person goes after logging in: only a path on this site, never an absolute URL. Browsers
// read "//evil.com" and "/\evil.com" as other hosts, and "javascript:" runs code, so anything that
// is not a plain same-site path is dropped (the caller then uses its default).

/** The query parameter the login page reads; guards put the page a signed-out person asked for there. */
export const CALLBACK_PARAM = "callbackUrl";

const MAX_LENGTH = 1000;
const BASE = "http://relayboard.invalid";

/** A same-site path ("/account?tab=x") or null. Never returns a value with a scheme or a host. */
export function safeRedirectPath(raw: unknown): string | null {
  const path = sameSitePath(raw);
  // Coming back to the login page itself would only loop.
  return path && new URL(path, BASE).pathname !== "/login" ? path : null;
}

/**
 * next-auth's callback URL (a `callbackUrl` parameter or field, or its callback-url cookie) as an
 * absolute URL on `baseUrl`'s origin: a same-site path, or an absolute URL of that very origin, kept
 * (percent-encoded, so it fits a Location header); anything else, not a URL at all or another
 * site's, is replaced by the site root and never followed.
 */
export function safeCallbackUrl(raw: unknown, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  let candidate = raw;
  if (typeof raw === "string" && /^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    try {
      const u = new URL(raw);
      candidate = u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : null;
    } catch {
      candidate = null;
    }
  }
  return `${origin}${sameSitePath(candidate) ?? "/"}`;
}

/** A path on this site, normalised and percent-encoded, or null. */
function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw || raw.length > MAX_LENGTH) return null;
  // One leading slash and no backslash or control character anywhere: "//", "/\" and tabs or
  // newlines (which URL parsers strip) cannot turn the path into another host.
  if (raw[0] !== "/" || raw[1] === "/" || raw.includes("\\")) return null;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that brings the person back to `path` afterwards (the path as the server received it). */
export function loginPathFor(path: string | null | undefined): string {
  const target = path ? stripInternalParams(path) : null;
  const safe = safeRedirectPath(target);
  return safe && safe !== "/" ? `/login?${CALLBACK_PARAM}=${encodeURIComponent(safe)}` : "/login";
}

/** Next's client navigations fetch the page with `_rsc=`; that is not part of the page's address. */
function stripInternalParams(path: string): string {
  const q = path.indexOf("?");
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  params.delete("_rsc");
  const rest = params.toString();
  return rest ? `${path.slice(0, q)}?${rest}` : path.slice(0, q);
}

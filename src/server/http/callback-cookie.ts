// next-auth's callback-url cookie is checked to be a URL on every next-auth call, getServerSession
// included, before any callback runs: a client that sends one that is not a URL ("ht!tp::x", "%ff")
// got a 500 from /api/auth/session and from every page that reads the session. Such a cookie is
// removed from the request before Next sees it, so next-auth falls back to the site root (and sets
// the cookie afresh). A cookie that is a URL is left to the `redirect` callback (auth/options.ts),
// which keeps it only when it is on this site.

const NAMES = new Set(["next-auth.callback-url", "__Secure-next-auth.callback-url"]);

/** A URL next-auth's check accepts: an absolute http(s) URL or a path, printable ASCII once decoded. */
function acceptable(raw: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return false;
  }
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  const absolute = /^https?:\/\//i.test(value);
  if (!absolute && !value.startsWith("/")) return false;
  try {
    new URL(value, "http://relayboard.invalid");
    return true;
  } catch {
    return false;
  }
}

/** The Cookie header without a callback-url cookie that is not a URL (the header unchanged otherwise). */
export function withoutBadCallbackCookie(header: string): string {
  const parts = header.split(";");
  const kept = parts.filter((part) => {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    return !NAMES.has(name) || acceptable(eq < 0 ? "" : part.slice(eq + 1));
  });
  return kept.length === parts.length ? header : kept.join(";").trim();
}

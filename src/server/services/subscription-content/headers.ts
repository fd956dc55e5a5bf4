// Response headers client apps read from a subscription (protocols.md §7). Titles and file names come
// from admins (site and plan names): they are encoded, never pasted, so no quote, CR or LF can end a
// header or a parameter early, and Node never sees a character it would refuse.

export interface ContentHeaderInput {
  title: string;
  /** File name without extension; non-ASCII survives in filename*, the ASCII fallback replaces it. */
  filenameBase: string;
  extension: string;
  upload: number;
  download: number;
  /** 0 = unlimited. */
  total: number;
  /** null = never expires. */
  expireAt: Date | null;
  updateIntervalHours: number;
  webPageUrl: string;
  supportUrl: string;
}

export function contentHeaders(input: ContentHeaderInput): Record<string, string> {
  const ext = input.extension.replace(/[^A-Za-z0-9]/g, "") || "txt";
  const usage = [`upload=${count(input.upload)}`, `download=${count(input.download)}`, `total=${count(input.total)}`];
  // expire omitted = never (0 would mean the same to most clients, but not to all of them).
  if (input.expireAt) usage.push(`expire=${Math.max(0, Math.floor(input.expireAt.getTime() / 1000))}`);
  const headers: Record<string, string> = {
    "subscription-userinfo": usage.join("; "),
    "profile-update-interval": String(Math.max(1, Math.round(input.updateIntervalHours) || 1)),
    "profile-title": `base64:${Buffer.from(input.title, "utf8").toString("base64")}`,
    "content-disposition": contentDisposition(input.filenameBase, ext),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  const page = headerUrl(input.webPageUrl);
  if (page) headers["profile-web-page-url"] = page;
  const support = headerUrl(input.supportUrl);
  if (support) headers["support-url"] = support;
  return headers;
}

/** `attachment; filename="<ascii>.<ext>"; filename*=UTF-8''<RFC 5987>`: old clients read the first, the rest the second. */
export function contentDisposition(base: string, ext: string): string {
  const name = wellFormed(base).replace(/[\u0000-\u001f\u007f]/g, " ").trim() || "subscription";
  // Fallback for clients that ignore filename*: a conservative set, since some split on ; or = even inside quotes.
  const ascii = name.replace(/[^A-Za-z0-9 ._()+-]/g, "_").replace(/\s+/g, " ").trim();
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : "subscription";
  return `attachment; filename="${fallback}.${ext}"; filename*=UTF-8''${rfc5987(`${name}.${ext}`)}`;
}

/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A URL as a header value: controls dropped, anything outside printable ASCII percent-encoded. */
function headerUrl(url: string): string {
  return wellFormed(url).replace(/[\u0000-\u001f\u007f]/g, "").trim().replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

/** Lone surrogates (which encodeURIComponent throws on) become U+FFFD. */
function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function count(n: number): string {
  return Number.isFinite(n) && n > 0 ? BigInt(Math.floor(n)).toString() : "0";
}

// A small MIME reader for captured mails (RFC 5322 headers, RFC 2047 encoded words, RFC 2045
// transfer encodings, RFC 2046 multipart). Enough to read what nodemailer and ordinary clients send:
// the first text/plain and text/html parts, at any depth of multipart nesting. Internally the
// message is a latin1 string (one char per byte) so 8-bit bodies in any charset survive decoding.

export type Headers = Map<string, string[]>;

export interface ParsedMail {
  headers: Headers;
  subject: string;
  from: string;
  to: string[];
  messageId?: string;
  text?: string;
  html?: string;
  attachments: { contentType: string; filename?: string; size: number }[];
}

/** Splits a message into its header block and body at the first empty line. */
function splitHeadBody(raw: string): [string, string] {
  const bare = /^\r?\n/.exec(raw); // a part without headers starts with the empty line
  if (bare) return ["", raw.slice(bare[0].length)];
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return [raw, ""];
  return [raw.slice(0, m.index), raw.slice(m.index + m[0].length)];
}

export function parseHeaders(block: string): Headers {
  const headers: Headers = new Map();
  // Unfold: a line starting with white space continues the previous header.
  const unfolded = block.replace(/\r?\n(?=[ \t])/g, "");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const list = headers.get(name) ?? [];
    list.push(line.slice(i + 1).trim());
    headers.set(name, list);
  }
  return headers;
}

const first = (h: Headers, name: string) => h.get(name)?.[0];

/** `text/plain; charset="utf-8"; format=flowed` -> { value: "text/plain", params: {...} } */
export function parseHeaderValue(v: string | undefined): { value: string; params: Record<string, string> } {
  if (!v) return { value: "", params: {} };
  const parts: string[] = [];
  let cur = "";
  let quoted = false;
  for (const ch of v) {
    if (ch === '"') quoted = !quoted;
    if (ch === ";" && !quoted) {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  parts.push(cur);
  const params: Record<string, string> = {};
  for (const p of parts.slice(1)) {
    const i = p.indexOf("=");
    if (i < 0) continue;
    params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"(.*)"$/s, "$1");
  }
  return { value: parts[0]!.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

export function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, ""); // soft line breaks
  const out: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      out.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(c.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(out);
}

function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "7bit").trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, "latin1");
  }
}

/** RFC 2047: `=?UTF-8?B?...?=` and `=?UTF-8?Q?...?=`; white space between adjacent words is dropped. */
export function decodeEncodedWords(v: string): string {
  v = Buffer.from(v, "latin1").toString("utf8"); // raw 8-bit (SMTPUTF8) header bytes are UTF-8
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return v.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1").replace(word, (_, charset: string, enc: string, text: string) => {
    const bytes = enc.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text.replace(/_/g, " "));
    return decodeCharset(bytes, charset.split("*")[0]);
  });
}

/** Bare addresses from an address header: `"Site" <a@b.c>, d@e.f` -> ["a@b.c", "d@e.f"]. */
export function addressesOf(v: string | undefined): string[] {
  if (!v) return [];
  const out: string[] = [];
  for (const m of v.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s<>",;:]+@[^\s<>",;:]+)/g)) out.push((m[1] ?? m[2])!.toLowerCase());
  return out;
}

interface Collected { text?: string; html?: string; attachments: ParsedMail["attachments"] }

function walk(headers: Headers, body: string, acc: Collected, depth: number): void {
  const ct = parseHeaderValue(first(headers, "content-type") ?? "text/plain; charset=us-ascii");
  const disposition = parseHeaderValue(first(headers, "content-disposition"));
  if (ct.value.startsWith("multipart/") && ct.params.boundary && depth < 10) {
    const b = ct.params.boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Parts lie between "--boundary" lines; "--boundary--" closes them and the epilogue is ignored.
    const close = new RegExp(`(?:^|\\r?\\n)--${b}--`).exec(body);
    const inner = close ? body.slice(0, close.index) : body;
    const pieces = inner.split(new RegExp(`(?:^|\\r?\\n)--${b}[ \\t]*(?:\\r?\\n|$)`));
    for (const piece of pieces.slice(1)) {
      const [h, bd] = splitHeadBody(piece);
      walk(parseHeaders(h), bd, acc, depth + 1);
    }
    return;
  }
  const bytes = decodeTransfer(body, first(headers, "content-transfer-encoding"));
  const isAttachment = disposition.value === "attachment";
  // Text comes back with "\n" line ends, as it was written before SMTP's CRLF.
  const asText = () => decodeCharset(bytes, ct.params.charset).replace(/\r\n/g, "\n");
  if (!isAttachment && ct.value === "text/plain" && acc.text === undefined) acc.text = asText();
  else if (!isAttachment && ct.value === "text/html" && acc.html === undefined) acc.html = asText();
  else acc.attachments.push({ contentType: ct.value, filename: disposition.params.filename ?? ct.params.name, size: bytes.length });
}

/** Parses the message bytes (a string is taken as UTF-8). */
export function parseMail(input: Buffer | string): ParsedMail {
  const raw = (typeof input === "string" ? Buffer.from(input, "utf8") : input).toString("latin1");
  const [head, body] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const acc: Collected = { attachments: [] };
  walk(headers, body, acc, 0);
  return {
    headers,
    subject: decodeEncodedWords(first(headers, "subject") ?? ""),
    from: decodeEncodedWords(first(headers, "from") ?? ""),
    to: addressesOf([...(headers.get("to") ?? []), ...(headers.get("cc") ?? [])].join(", ")),
    messageId: first(headers, "message-id"),
    text: acc.text,
    html: acc.html,
    attachments: acc.attachments,
  };
}

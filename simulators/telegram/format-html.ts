// parse_mode=HTML as Telegram reads it: only its own tags, `<`, `>`, `&` escaped in text, the four
// named entities plus numeric ones, `</>` closing the innermost tag. Errors carry Telegram's wording
// and the UTF-8 byte offset into the source, because that is what a bot's log will show in production.
import type { MessageEntity } from "./model";

export class ParseError extends Error {}

export interface Formatted { text: string; entities: MessageEntity[] }

const TAG_TYPES: Record<string, string> = {
  b: "bold", strong: "bold",
  i: "italic", em: "italic",
  u: "underline", ins: "underline",
  s: "strikethrough", strike: "strikethrough", del: "strikethrough",
  "tg-spoiler": "spoiler", span: "spoiler",
  a: "text_link", code: "code", pre: "pre", blockquote: "blockquote", "tg-emoji": "custom_emoji",
};
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

export const byteOffset = (s: string, i: number) => Buffer.byteLength(s.slice(0, i));
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** The character an entity at `i` stands for and its length; an unknown one leaves `&` as it is. */
function decodeEntity(s: string, i: number): [string, number] {
  const m = /^&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]{2,4}));/i.exec(s.slice(i, i + 12));
  if (m) {
    const code = m[1] ? Number(m[1]) : m[2] ? parseInt(m[2], 16) : undefined;
    if (code !== undefined && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) return [String.fromCodePoint(code), m[0].length];
    const named = m[3] ? NAMED[m[3].toLowerCase()] : undefined;
    if (named) return [named, m[0].length];
  }
  return ["&", 1];
}

const decodeAll = (v: string) => {
  let out = "";
  for (let i = 0; i < v.length; ) {
    const [c, n] = v[i] === "&" ? decodeEntity(v, i) : [v[i]!, 1];
    out += c;
    i += n;
  }
  return out;
};

interface Open { tag: string; start: number; attrs: Record<string, string>; language?: string }

/** Reads the attributes after a start tag's name up to and past its `>`; returns the index after it. */
function readAttributes(src: string, i: number, tag: string, begin: number, attrs: Record<string, string>): number {
  const at = () => byteOffset(src, begin);
  for (;;) {
    while (isSpace(src[i])) i++;
    if (i >= src.length) throw new ParseError(`Unclosed start tag at byte offset ${at()}`);
    if (src[i] === ">") return i + 1;
    const nameStart = i;
    while (i < src.length && !isSpace(src[i]) && src[i] !== "=" && src[i] !== ">") i++;
    const name = src.slice(nameStart, i).toLowerCase();
    if (!name) throw new ParseError(`Empty attribute name in the tag "${tag}" at byte offset ${at()}`);
    while (isSpace(src[i])) i++;
    if (src[i] !== "=") {
      // Only a bare `expandable` (on blockquote) needs no value.
      if (name !== "expandable") throw new ParseError(`Expected equal sign in declaration of an attribute of the tag "${tag}" at byte offset ${at()}`);
      attrs[name] = "";
      continue;
    }
    i++;
    while (isSpace(src[i])) i++;
    let value: string;
    if (src[i] === '"' || src[i] === "'") {
      const end = src.indexOf(src[i]!, i + 1);
      if (end < 0) throw new ParseError(`Unclosed start tag at byte offset ${at()}`);
      value = src.slice(i + 1, end);
      i = end + 1;
    } else {
      const valueStart = i;
      while (i < src.length && !isSpace(src[i]) && src[i] !== ">") i++;
      value = src.slice(valueStart, i);
    }
    attrs[name] = decodeAll(value);
  }
}

function toEntity(o: Open, end: number, parent: Open | undefined): MessageEntity | null {
  const base = { offset: o.start, length: end - o.start };
  if (base.length <= 0) return null;
  switch (o.tag) {
    case "a":
      return o.attrs.href ? { type: "text_link", ...base, url: o.attrs.href } : null;
    case "code":
      // <pre><code class="language-x"> gives the pre its language instead of a code entity of its own.
      if (parent?.tag === "pre") {
        const lang = /^language-(.+)$/.exec(o.attrs.class ?? "");
        if (lang) parent.language = lang[1];
        return null;
      }
      return { type: "code", ...base };
    case "pre":
      return { type: "pre", ...base, ...(o.language ? { language: o.language } : {}) };
    case "blockquote":
      return { type: "expandable" in o.attrs ? "expandable_blockquote" : "blockquote", ...base };
    case "tg-emoji":
      return { type: "custom_emoji", ...base, custom_emoji_id: o.attrs["emoji-id"] ?? "" };
    default:
      return { type: TAG_TYPES[o.tag]!, ...base };
  }
}

export function parseHtml(src: string): Formatted {
  let text = "";
  const entities: MessageEntity[] = [];
  const open: Open[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "&") {
      const [ch, n] = decodeEntity(src, i);
      text += ch;
      i += n;
      continue;
    }
    if (c !== "<") {
      text += c;
      i++;
      continue;
    }
    const begin = i++;
    if (src[i] !== "/") {
      let j = i;
      while (j < src.length && !isSpace(src[j]) && src[j] !== ">") j++;
      if (j >= src.length) throw new ParseError(`Unclosed start tag at byte offset ${byteOffset(src, begin)}`);
      const tag = src.slice(i, j).toLowerCase();
      if (!(tag in TAG_TYPES)) throw new ParseError(`Unsupported start tag "${tag}" at byte offset ${byteOffset(src, begin)}`);
      const attrs: Record<string, string> = {};
      i = readAttributes(src, j, tag, begin, attrs);
      if (tag === "span" && attrs.class !== "tg-spoiler") throw new ParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(src, begin)}`);
      open.push({ tag, start: text.length, attrs });
      continue;
    }
    if (!open.length) throw new ParseError(`Unexpected end tag at byte offset ${byteOffset(src, begin)}`);
    let j = ++i;
    while (j < src.length && !isSpace(src[j]) && src[j] !== ">") j++;
    const name = src.slice(i, j).toLowerCase();
    while (isSpace(src[j])) j++;
    if (src[j] !== ">") throw new ParseError(`Unclosed end tag at byte offset ${byteOffset(src, begin)}`);
    const top = open.pop()!;
    if (name && name !== top.tag) throw new ParseError(`Unmatched end tag at byte offset ${byteOffset(src, begin)}, expected "</${top.tag}>", found "</${name}>"`);
    const entity = toEntity(top, text.length, open.at(-1));
    if (entity) entities.push(entity);
    i = j + 1;
  }
  if (open.length) throw new ParseError(`Can't find end tag corresponding to start tag "${open.at(-1)!.tag}"`);
  return { text, entities };
}

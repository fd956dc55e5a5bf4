// parse_mode=MarkdownV2 and the legacy Markdown, strict where Telegram is: in MarkdownV2 every
// reserved character outside an entity must be escaped with `\` (the most common 400 a bot meets in
// production), and an unclosed entity is an error in both.
import { byteOffset, ParseError, type Formatted } from "./format-html";
import type { MessageEntity } from "./model";

const V2_RESERVED = "_*[]()~`>#+-=|{}.!";
const V2_NAMES: Record<string, string> = {
  bold: "Bold", italic: "Italic", underline: "Underline", strikethrough: "Strikethrough", spoiler: "Spoiler",
  code: "Code", pre: "Pre", text_link: "TextUrl", custom_emoji: "CustomEmoji",
};

interface Open { type: string; start: number; begin: number; language?: string }

/** The `(url)` after a link's `]`, with `\` escapes; returns the url and the index after `)`. */
function readUrl(src: string, i: number): [string, number] {
  let url = "";
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === "\\" && j + 1 < src.length) url += src[++j];
    else if (src[j] === ")") return [url, j + 1];
    else url += src[j];
  }
  throw new ParseError(`Can't find end of a URL at byte offset ${byteOffset(src, i)}`);
}

function isEnd(type: string, src: string, i: number): boolean {
  const c = src[i];
  switch (type) {
    case "bold": return c === "*";
    case "italic": return c === "_" && src[i + 1] !== "_";
    case "underline": return c === "_" && src[i + 1] === "_";
    case "strikethrough": return c === "~";
    case "spoiler": return c === "|" && src[i + 1] === "|";
    case "code": return c === "`";
    case "pre": return src.startsWith("```", i);
    default: return c === "]"; // text_link, custom_emoji
  }
}

export function parseMarkdownV2(src: string): Formatted {
  let text = "";
  const entities: MessageEntity[] = [];
  const open: Open[] = [];
  let quote: { start: number; expandable: boolean } | null = null;
  const closeQuote = () => {
    const end = text.endsWith("\n") ? text.length - 1 : text.length;
    if (quote && end > quote.start) entities.push({ type: quote.expandable ? "expandable_blockquote" : "blockquote", offset: quote.start, length: end - quote.start });
    quote = null;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const top = open.at(-1);
    const inCode = top?.type === "code" || top?.type === "pre";
    if (!inCode && (i === 0 || src[i - 1] === "\n")) {
      const expandable = src.startsWith("**>", i);
      if (c === ">" || expandable) {
        if (!quote) quote = { start: text.length, expandable };
        i += expandable ? 3 : 1;
        continue;
      }
      if (quote) closeQuote();
    }
    // `||` ending the last line of an expandable blockquote is its marker, not a spoiler.
    if (quote?.expandable && !inCode && src.startsWith("||", i) && (i + 2 === src.length || src[i + 2] === "\n") && top?.type !== "spoiler") {
      i += 2;
      continue;
    }
    if (c === "\\" && i + 1 < src.length && src.charCodeAt(i + 1) <= 126) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (!(inCode ? "`" : V2_RESERVED).includes(c)) {
      text += c;
      i++;
      continue;
    }
    if (top && isEnd(top.type, src, i)) {
      open.pop();
      let url: string | undefined;
      i += top.type === "pre" ? 3 : top.type === "underline" || top.type === "spoiler" ? 2 : 1;
      if (top.type === "text_link" || top.type === "custom_emoji") {
        if (src[i] === "(") [url, i] = readUrl(src, i);
        if (top.type === "custom_emoji" && !/^tg:\/\/emoji\?id=\d+$/.test(url ?? "")) throw new ParseError("Custom emoji entity must contain a tg://emoji URL");
      }
      const length = text.length - top.start;
      if (length > 0) {
        if (top.type === "custom_emoji") entities.push({ type: "custom_emoji", offset: top.start, length, custom_emoji_id: url!.slice(15) });
        else if (top.type === "text_link") entities.push(url ? { type: "text_link", offset: top.start, length, url } : { type: "url", offset: top.start, length });
        else entities.push({ type: top.type, offset: top.start, length, ...(top.language ? { language: top.language } : {}) });
      }
      continue;
    }
    const begin = i;
    let type: string;
    let language: string | undefined;
    if (c === "_" && src[i + 1] === "_") [type, i] = ["underline", i + 2];
    else if (c === "_") [type, i] = ["italic", i + 1];
    else if (c === "*") [type, i] = ["bold", i + 1];
    else if (c === "~") [type, i] = ["strikethrough", i + 1];
    else if (c === "|" && src[i + 1] === "|") [type, i] = ["spoiler", i + 2];
    else if (c === "[") [type, i] = ["text_link", i + 1];
    else if (c === "!" && src[i + 1] === "[") [type, i] = ["custom_emoji", i + 2];
    else if (src.startsWith("```", i)) {
      type = "pre";
      i += 3;
      const nl = src.indexOf("\n", i);
      const first = nl < 0 ? "" : src.slice(i, nl);
      // A first line without spaces or backticks names the language.
      if (first && !/[\s`]/.test(first)) [language, i] = [first, nl + 1];
    } else if (c === "`") [type, i] = ["code", i + 1];
    else throw new ParseError(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
    open.push({ type, start: text.length, begin, language });
  }
  if (open.length) {
    const o = open.at(-1)!;
    throw new ParseError(`Can't find end of ${V2_NAMES[o.type]} entity at byte offset ${byteOffset(src, o.begin)}`);
  }
  closeQuote();
  return { text, entities: entities.sort((a, b) => a.offset - b.offset || b.length - a.length) };
}

/** Legacy Markdown: `*bold*`, `_italic_`, `` `code` ``, ```` ```pre``` ````, `[text](url)`; no nesting. */
export function parseMarkdown(src: string): Formatted {
  let text = "";
  const entities: MessageEntity[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\" && "_*`[".includes(src[i + 1] ?? "x")) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (!"_*`[".includes(c)) {
      text += c;
      i++;
      continue;
    }
    const begin = i;
    const pre = src.startsWith("```", i);
    const close = pre ? "```" : c === "[" ? "]" : c;
    i += pre ? 3 : 1;
    let language: string | undefined;
    if (pre) {
      const nl = src.indexOf("\n", i);
      const first = nl < 0 ? "" : src.slice(i, nl);
      if (first && !/[\s`]/.test(first)) [language, i] = [first, nl + 1];
    }
    const end = src.indexOf(close, i);
    if (end < 0) throw new ParseError(`Can't find end of the entity starting at byte offset ${byteOffset(src, begin)}`);
    const start = text.length;
    text += src.slice(i, end);
    i = end + close.length;
    let url: string | undefined;
    if (c === "[" && src[i] === "(") {
      const endUrl = src.indexOf(")", i);
      if (endUrl >= 0) [url, i] = [src.slice(i + 1, endUrl), endUrl + 1];
    }
    const length = text.length - start;
    if (length <= 0) continue;
    const type = pre ? "pre" : c === "*" ? "bold" : c === "_" ? "italic" : c === "`" ? "code" : url ? "text_link" : "url";
    entities.push({ type, offset: start, length, ...(url ? { url } : {}), ...(language ? { language } : {}) });
  }
  return { text, entities };
}

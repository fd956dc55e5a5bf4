// A message text as Telegram stores it: parsed by parse_mode, trimmed (Telegram strips leading and
// trailing whitespace, shifting the entities), then checked to be non-empty and at most 4096
// characters (code points, counted after parsing as the Bot API documents).
import { badRequest } from "./api-error";
import { parseHtml, ParseError, type Formatted } from "./format-html";
import { parseMarkdown, parseMarkdownV2 } from "./format-markdown";

export const MAX_TEXT_LENGTH = 4096;

function parse(raw: string, parseMode: string | undefined): Formatted {
  switch (parseMode?.toLowerCase()) {
    case undefined:
    case "":
      return { text: raw, entities: [] };
    case "html":
      return parseHtml(raw);
    case "markdownv2":
      return parseMarkdownV2(raw);
    case "markdown":
      return parseMarkdown(raw);
    default:
      throw badRequest("unsupported parse_mode");
  }
}

export function formatText(raw: string | undefined, parseMode: string | undefined): Formatted {
  if (!raw) throw badRequest("message text is empty");
  let parsed: Formatted;
  try {
    parsed = parse(raw, parseMode);
  } catch (e) {
    if (e instanceof ParseError) throw badRequest(`can't parse entities: ${e.message}`);
    throw e;
  }
  const lead = parsed.text.length - parsed.text.trimStart().length;
  const text = parsed.text.trim();
  if (!text) throw badRequest("message text is empty");
  if ([...text].length > MAX_TEXT_LENGTH) throw badRequest("message is too long");
  const entities = parsed.entities
    .map((e) => {
      const offset = Math.max(0, e.offset - lead);
      return { ...e, offset, length: Math.min(text.length, e.offset + e.length - lead) - offset };
    })
    .filter((e) => e.length > 0)
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}

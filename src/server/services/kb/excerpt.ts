// A line of plain text from an article's Markdown, for result lists: rendered by the one renderer
// (so link targets and markup never show), tags dropped, entities decoded, cut at a word.
import { renderMarkdown } from "../announcements/markdown";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

export function plainExcerpt(markdown: string, maxChars = 160): string {
  const text = renderMarkdown(markdown.slice(0, maxChars * 4))
    // Blocks end a phrase (a space between them); inline markup ("**the link**.") leaves none.
    .replace(/<\/?(?:p|li|ul|ol|h[1-6]|br|hr|pre|blockquote|table|thead|tbody|tr|td|th)\b[^>]*>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// The one Markdown renderer for announcements, on the server and in the admin's live preview. Raw
// HTML is never passed through (html: false escapes it), images are off (the CSP would block outside
// ones and data: URLs must not render), and a link survives only when it is http(s), mailto or a
// path on this site; outside links open in a new tab with rel="noopener noreferrer nofollow".
// Pure module (no server imports), so the browser can run it for the preview.
import MarkdownIt from "markdown-it";

/** HTML that came out of renderMarkdown: the only string MarkdownHtml may put into the page. */
export type SafeHtml = string & { readonly __safeHtml: "announcement-markdown" };

export const MAX_BODY_CHARS = 20_000;

const OUTSIDE_REL = "noopener noreferrer nofollow";

/**
 * A link or autolink target we keep: http(s) with a host, mailto with an address, or a same-site
 * path ("/tickets"). Never "//host" or "/\host" (other hosts to a browser), never a control
 * character or backslash (which URL parsers strip or rewrite), never any other scheme.
 */
export function isAllowedHref(url: string): boolean {
  if (/[\u0000-\u0020\u007f\\]|%5c/i.test(url)) return false;
  if (/^https?:\/\/[^/]/i.test(url)) return true;
  if (/^mailto:[^/]/i.test(url)) return true;
  return url.startsWith("/") && !url.startsWith("//");
}

const isOutside = (href: string) => !href.startsWith("/");

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.disable(["image"]);
  const builtinValidate = md.validateLink.bind(md);
  md.validateLink = (url: string) => builtinValidate(url) && isAllowedHref(url);
  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet("href") ?? "";
    if (isOutside(href)) {
      token.attrSet("rel", OUTSIDE_REL);
      if (/^https?:/i.test(href)) token.attrSet("target", "_blank");
    }
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

let renderer: MarkdownIt | undefined;

/** Markdown to inert HTML (see the top of this file). Input past MAX_BODY_CHARS is cut there. */
export function renderMarkdown(source: string): SafeHtml {
  renderer ??= createRenderer();
  return renderer.render(source.slice(0, MAX_BODY_CHARS)) as SafeHtml;
}

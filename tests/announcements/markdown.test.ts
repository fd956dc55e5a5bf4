// The announcement renderer: Markdown formatting works, and nothing a body can say becomes markup
// that runs: raw HTML is text, scripts and event handlers stay text, javascript:, vbscript:, data:
// and file: links are dropped, images are off, outside links open safely in a new tab.
import { describe, expect, it } from "vitest";
import { isAllowedHref, MAX_BODY_CHARS, renderMarkdown } from "../../src/server/services/announcements";

const ALLOWED_TAGS = new Set(["p", "a", "strong", "em", "code", "pre", "ul", "ol", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "s"]);
const ALLOWED_ATTRS = new Set(["href", "rel", "target", "title", "class", "style", "start"]);

/** Every tag and attribute in the output must be one a Markdown renderer makes; nothing else. */
function expectInert(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `tag <${m[1]}> in ${html}`).toContain(m[1]!.toLowerCase());
    for (const a of m[2]!.matchAll(/\s([^\s=]+)=/g)) expect(ALLOWED_ATTRS, `attribute ${a[1]} in ${html}`).toContain(a[1]!.toLowerCase());
    for (const h of m[2]!.matchAll(/href="([^"]*)"/g)) expect(isAllowedHref(h[1]!), h[1]).toBe(true);
    expect(m[2]).not.toMatch(/style="/); // markdown-it only styles table alignment; none here
  }
  expect(html).not.toMatch(/<script|<img|<iframe|<svg|<object|<embed|<style|<form|<input/i);
  expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data|file):/i);
}

describe("renderMarkdown", () => {
  it("formats Markdown: emphasis, lists, code, headings, line breaks, links", () => {
    const html = renderMarkdown("# Title\n\n**bold** _it_ `x<y`\nnext line\n\n- one\n- two\n\n[tickets](/tickets)");
    expect(html).toBe(
      '<h1>Title</h1>\n<p><strong>bold</strong> <em>it</em> <code>x&lt;y</code><br>\nnext line</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p><a href="/tickets">tickets</a></p>\n',
    );
  });

  it.each([
    ["a script element", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["an image with onerror", '<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"],
    ["a raw HTML block", "<div onclick='steal()'>\n<iframe src=\"https://evil.example\"></iframe>\n</div>", "&lt;iframe"],
    ["inline HTML in a paragraph", "Hello <b onmouseover=x>there</b>", "&lt;b onmouseover=x&gt;"],
    ["an SVG", "<svg><script>alert(1)</script></svg>", "&lt;svg&gt;"],
    ["a javascript: link", "[click](javascript:alert(1))", "[click](javascript:alert(1))"],
    ["an upper-case JAVASCRIPT: link", "[click](JAVASCRIPT:alert(1))", "[click]"],
    ["a javascript: link hidden by a tab", "[click](java\tscript:alert(1))", "[click]"],
    ["a javascript: link with entities", "[click](&#106;avascript:alert(1))", "[click]"],
    ["a javascript: autolink", "<javascript:alert(1)>", "&lt;javascript:alert(1)&gt;"],
    ["a javascript: reference link", "[x][r]\n\n[r]: javascript:alert(1)", "[x][r]"],
    ["a vbscript: link", "[x](vbscript:msgbox(1))", "[x]"],
    ["a file: link", "[x](file:///etc/passwd)", "[x]"],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "[x]"],
    ["a data: image", "![pic](data:image/png;base64,iVBORw0KGgo=)", "![pic]"],
    // Images are off: an outside one is left as "!" and a plain link, never an <img>.
    ["an outside image", "![pic](https://evil.example/track.png)", '!<a href="https://evil.example/track.png"'],
    ["a protocol-relative link", "[x](//evil.example/path)", "[x](//evil.example/path)"],
    ["a backslash host", "[x](/\\evil.example)", "[x]"],
    ["an attribute break-out in a title", '[x](https://a.example "t" onmouseover="alert(1)")', ""],
  ])("%s comes out inert", (_, source, expected) => {
    const html = renderMarkdown(source);
    expectInert(html);
    expect(html).toContain(expected);
  });

  it("outside links get rel=noopener noreferrer nofollow and a new tab; site paths and mailto none of the tab", () => {
    const html = renderMarkdown("[a](https://example.com/x) [b](/orders) [c](mailto:help@example.com) see http://plain.example too");
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">a</a>');
    expect(html).toContain('<a href="/orders">b</a>');
    expect(html).toContain('<a href="mailto:help@example.com" rel="noopener noreferrer nofollow">c</a>');
    expect(html).toContain('<a href="http://plain.example" rel="noopener noreferrer nofollow" target="_blank">http://plain.example</a>');
    expectInert(html);
  });

  it("cuts a body past the cap instead of spending time on it", () => {
    const html = renderMarkdown("a".repeat(MAX_BODY_CHARS + 5000));
    expect(html).toBe(`<p>${"a".repeat(MAX_BODY_CHARS)}</p>\n`);
  });
});

describe("isAllowedHref", () => {
  it.each([
    ["https://example.com", true],
    ["http://example.com/a?b=c", true],
    ["mailto:a@b.c", true],
    ["/tickets", true],
    ["/", true],
    ["//evil.example", false],
    ["/%5Cevil.example", false],
    ["javascript:alert(1)", false],
    ["data:text/html,x", false],
    ["ftp://example.com", false],
    ["relative/path", false],
    ["#anchor", false],
    ["https:///nohost", false],
    ["java\nscript:x", false],
  ])("%j -> %s", (href, ok) => {
    expect(isAllowedHref(href)).toBe(ok);
  });
});

// The placeholder syntax of mail templates, the one an admin edits and the built-in defaults use:
//   {{name}}            the value (HTML-escaped in the HTML part, as is in the subject and text part)
//   {{#name}}...{{/name}}  the enclosed part only when the value is not empty (an optional link)
// Double braces so CSS rules (`a{color:red}`) in an HTML part never look like placeholders; a lone
// `}}` is therefore plain text, but every `{{` must open a well-formed tag. Nothing else exists
// (no raw `{{{x}}}`, no logic): a template cannot run anything, only place values.

export type TemplateNode = { kind: "text"; value: string } | { kind: "value"; name: string } | { kind: "section"; name: string; body: TemplateNode[] };

export type SyntaxProblem = { kind: "malformed"; near: string } | { kind: "unknown"; names: string[] };

const TAG = /\{\{\s*([#/]?)\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/y;

/** A short, one-line excerpt of where parsing failed, for the admin's message. */
const near = (src: string, at: number) => src.slice(at, at + 24).replace(/\s+/g, " ");

/** Parses a template; a problem (malformed braces, an unclosed section) is returned, never thrown. */
export function parseTemplate(src: string): { nodes: TemplateNode[] } | { problem: SyntaxProblem } {
  const root: TemplateNode[] = [];
  const stack: { name: string; body: TemplateNode[]; at: number }[] = [];
  let out = root;
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf("{{", i);
    if (open < 0) break;
    if (open > i) out.push({ kind: "text", value: src.slice(i, open) });
    TAG.lastIndex = open;
    const m = TAG.exec(src);
    if (!m) return { problem: { kind: "malformed", near: near(src, open) } };
    const [whole, sigil, name] = m as unknown as [string, string, string];
    if (sigil === "#") {
      const section = { kind: "section" as const, name, body: [] as TemplateNode[] };
      out.push(section);
      stack.push({ name, body: out, at: open });
      out = section.body;
    } else if (sigil === "/") {
      const top = stack.pop();
      if (!top || top.name !== name) return { problem: { kind: "malformed", near: near(src, open) } };
      out = top.body;
    } else out.push({ kind: "value", name });
    i = open + whole.length;
  }
  if (stack.length) return { problem: { kind: "malformed", near: near(src, stack[stack.length - 1]!.at) } };
  if (i < src.length) out.push({ kind: "text", value: src.slice(i) });
  return { nodes: root };
}

/** Every placeholder name a parsed template uses (values and sections). */
export function namesOf(nodes: TemplateNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.kind === "value") into.add(n.name);
    else if (n.kind === "section") {
      into.add(n.name);
      namesOf(n.body, into);
    }
  }
  return into;
}

/** Parses and checks a template against the allowed names: the nodes, or the first problem. */
export function checkTemplate(src: string, allowed: readonly string[]): { nodes: TemplateNode[] } | { problem: SyntaxProblem } {
  const parsed = parseTemplate(src);
  if ("problem" in parsed) return parsed;
  const unknown = [...namesOf(parsed.nodes)].filter((n) => !allowed.includes(n));
  return unknown.length ? { problem: { kind: "unknown", names: unknown.sort() } } : parsed;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Fills parsed nodes in one pass: a value that itself holds `{{x}}` stays as written. */
export function fillNodes(nodes: TemplateNode[], values: Record<string, string>, escape: (s: string) => string): string {
  let out = "";
  for (const n of nodes) {
    if (n.kind === "text") out += n.value;
    else if (n.kind === "value") out += escape(values[n.name] ?? "");
    else if (values[n.name]) out += fillNodes(n.body, values, escape);
  }
  return out;
}

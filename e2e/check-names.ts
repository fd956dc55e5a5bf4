// Issue 24 item 12 (second half): two controls that do different things never share one name.
// Within each region (header, menu, main) and named grouping (a labelled form, fieldset, radio group
// or dialog), no two buttons, or two fields, are called the same (a per-row "Delete" must say which
// row), and no two links of one name lead to different places. Names are the accessible names a
// screen reader announces, read from the browser's accessibility tree (hidden controls are not in it).
// No runtime import of Playwright: the pure half is checked by Vitest (tests/e2e-checks/names.test.ts).
import type { Page } from "@playwright/test";

const REGIONS = ["header", "nav", "main"] as const;
/** Roles a person operates; a link is told apart by where it leads as well as by its name. */
const CONTROL = /^(\s*)- (button|link|textbox|searchbox|combobox|checkbox|switch|radio|spinbutton|slider|menuitem|tab) "((?:[^"\\]|\\.)*)"/;
/**
 * Named groupings a screen reader announces on the way in (a form, a fieldset, a radio group, a
 * dialog, a labelled region): the same name in two of them is told apart by the grouping's name.
 * Table rows are not among them: a per-row button must name its row itself.
 */
const SCOPE = /^(\s*)- (form|group|radiogroup|region|dialog|tabpanel|search|toolbar) "((?:[^"\\]|\\.)*)"/;
const URL_LINE = /^\s*- \/url: (.*)$/;
const unquote = (raw: string) => JSON.parse(`"${raw}"`) as string;
const depth = (line: string) => line.search(/\S/);

/** "kind, scope + name, target" for every named control of an aria snapshot; a link carries its target. */
export function controlsOf(snapshot: string): string[] {
  const lines = snapshot.split("\n");
  const scopes: { depth: number; name: string }[] = [];
  const out: string[] = [];
  lines.forEach((line, i) => {
    while (scopes.length && scopes[scopes.length - 1]!.depth >= depth(line)) scopes.pop();
    const scope = SCOPE.exec(line);
    if (scope) scopes.push({ depth: depth(line), name: `${scope[2]} "${unquote(scope[3]!)}"` });
    const m = CONTROL.exec(line);
    if (!m) return;
    const [, indent, role, raw] = m;
    let target = "";
    if (role === "link") {
      // The link's /url is among its own children: the following lines indented deeper.
      for (let j = i + 1; j < lines.length && depth(lines[j]!) > indent!.length; j++) {
        const u = URL_LINE.exec(lines[j]!);
        if (u) {
          target = u[1]!.trim();
          break;
        }
      }
    }
    const where = scopes.map((s) => `${s.name} > `).join("");
    // A field and the button beside it may share a name ("Search" the field, "Search" the button):
    // their roles tell them apart. Two of one role with one name do not.
    out.push(`${role}\u0000${where}"${unquote(raw!)}"\u0000${target}`);
  });
  return out;
}

/** Names shared by controls with different purposes: two controls, or two links to different places. */
export function sharedNames(controls: string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const c of controls) {
    const [kind, name, target] = c.split("\u0000");
    const key = `${kind} ${name}`;
    byName.set(key, [...(byName.get(key) ?? []), target!]);
  }
  return [...byName.entries()].filter(([key, targets]) => (key.startsWith("link") ? new Set(targets).size > 1 : targets.length > 1)).map(([key, targets]) => `${key} ×${targets.length}${key.startsWith("link") ? ` (${[...new Set(targets)].join(", ")})` : ""}`);
}

/** Shared names on the loaded page, region by region. */
export async function nameClashes(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const region of REGIONS) {
    const loc = page.locator(region).first();
    if ((await loc.count()) === 0) continue;
    for (const clash of sharedNames(controlsOf(await loc.ariaSnapshot()))) found.push(`${label} [${region}] ${clash}`);
  }
  return found;
}

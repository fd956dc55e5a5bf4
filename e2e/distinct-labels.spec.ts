// Issue 24 item 12 (second half): two controls that do different things never share one name. On
// every main user and admin page, within each region (header, menu, main), no two buttons or form
// fields are called the same (a per-row "Delete" must say which row), and no two links of one name
// lead to different places. Names are the accessible names a screen reader announces, read from
// the browser's accessibility tree (hidden controls are not in it).
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PAGES, prepareSitePages, USER_PAGES, type SitePages } from "./site-pages";
import { asClient } from "./helpers";

const REGIONS = ["header", "nav", "main"] as const;
/** Roles a person operates; a link is told apart by where it leads as well as by its name. */
const CONTROL = /^(\s*)- (button|link|textbox|searchbox|combobox|checkbox|switch|radio|spinbutton|slider|menuitem|tab) "((?:[^"\\]|\\.)*)"/;
const URL_LINE = /^\s*- \/url: (.*)$/;

/** "role name" for every named control of the region, links with their target. */
function controlsOf(snapshot: string): string[] {
  const lines = snapshot.split("\n");
  const out: string[] = [];
  lines.forEach((line, i) => {
    const m = CONTROL.exec(line);
    if (!m) return;
    const [, indent, role, raw] = m;
    const name = JSON.parse(`"${raw}"`) as string;
    let target = "";
    if (role === "link") {
      // The link's /url is among its own children: the following lines indented deeper.
      for (let j = i + 1; j < lines.length && lines[j]!.search(/\S/) > indent!.length; j++) {
        const u = URL_LINE.exec(lines[j]!);
        if (u) {
          target = u[1]!.trim();
          break;
        }
      }
    }
    out.push(`${role === "link" ? "link" : "control"}\u0000${name}\u0000${target}`);
  });
  return out;
}

/** Names shared by controls with different purposes: two controls, or two links to different places. */
function sharedNames(controls: string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const c of controls) {
    const [kind, name, target] = c.split("\u0000");
    const key = `${kind === "link" ? "link" : "control"} "${name}"`;
    byName.set(key, [...(byName.get(key) ?? []), target!]);
  }
  return [...byName.entries()].filter(([key, targets]) => (key.startsWith("link") ? new Set(targets).size > 1 : targets.length > 1)).map(([key, targets]) => `${key} ×${targets.length}${key.startsWith("link") ? ` (${[...new Set(targets)].join(", ")})` : ""}`);
}

async function clashesOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  expect(new URL(page.url()).pathname, `${path} redirected`).toBe(path);
  const found: string[] = [];
  for (const region of REGIONS) {
    const loc = page.locator(region).first();
    if ((await loc.count()) === 0) continue;
    for (const clash of sharedNames(controlsOf(await loc.ariaSnapshot()))) found.push(`${path} [${region}] ${clash}`);
  }
  return found;
}

let pages: SitePages;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(480_000); // seeds 22 users and a synced node through the admin UI
  pages = await prepareSitePages(browser, "names", [32201, 32202]);
});
test.afterAll(async () => pages?.close());

for (const who of [
  { name: "user", paths: () => USER_PAGES, state: () => pages.userState },
  { name: "admin", paths: () => ADMIN_PAGES, state: () => pages.adminState },
] as const) {
  test(`no two controls share a name on the ${who.name} pages`, async ({ browser }) => {
    test.slow();
    const ctx = await browser.newContext({ ...asClient(), locale: "en-US", viewport: { width: 1366, height: 900 }, storageState: who.state() });
    const page = await ctx.newPage();
    const found: string[] = [];
    for (const p of who.paths()) found.push(...(await clashesOn(page, pages.pathOf(p))));
    await ctx.close();
    expect(found, `controls sharing a name:\n${found.join("\n")}`).toEqual([]);
  });
}

test("the check itself: a shared button name and a link name leading two ways are found, a repeated link is not", () => {
  const snapshot = ['- button "Delete"', '- button "Delete"', '- link "Help":', "  - /url: /a", '- link "Help":', "  - /url: /b", '- link "Home":', "  - /url: /", '- link "Home":', "  - /url: /", '- button "Delete coupon \\"SPRING\\""'].join("\n");
  expect(sharedNames(controlsOf(snapshot))).toEqual(['control "Delete" ×2', 'link "Help" ×2 (/a, /b)']);
});

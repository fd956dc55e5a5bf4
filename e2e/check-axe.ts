// The accessibility walk's axe audit (issue 7 item 10): WCAG AA contrast and "everything a person
// operates or reads has a name", on what the page shows now, in the light and the dark scheme (the
// app follows the system scheme live, Mantine's "auto", emulated here with Playwright's colorScheme).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { afterPendingRenders, animationsFinished } from "./helpers";

const RULES = ["color-contrast", "label", "button-name", "link-name", "image-alt", "select-name", "input-button-name", "aria-input-field-name", "aria-toggle-field-name"];
/** Names do not change with the scheme, colours do: the dark pass audits contrast only (the naming rules would repeat the light pass). */
const SCHEMES = [{ scheme: "light", rules: RULES }, { scheme: "dark", rules: ["color-contrast"] }] as const;

/**
 * Known violations not fixed yet, as `label rule target` (target = axe's CSS selector). Empty: every
 * page passes. An entry here is a debt with a reason next to it, never a way to silence a new finding.
 */
const ALLOWED = new Set<string>([]);

/** The scheme applied and every transition it started finished, so axe sees final colors. */
async function settle(page: Page, scheme: string) {
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
  await afterPendingRenders(page);
  await animationsFinished(page);
}

/** The frame every signed-in page shares: the header and the menu (Mantine's AppShell parts). */
const SHELL = [".mantine-AppShell-header", ".mantine-AppShell-navbar"];

/**
 * axe's findings on the page as it is now, light then dark, as readable lines; leaves the page light.
 * `shell: false` leaves out the header and the menu, for a walk that audited them on its first page
 * in the same context, width and language: they are the same components on every page (the active
 * entry and an opened group look alike wherever they are), so auditing them on every page repeated work.
 */
export async function axeFindings(page: Page, label: string, opts: { shell?: boolean } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const { scheme, rules } of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await settle(page, scheme);
    let audit = new AxeBuilder({ page }).withRules([...rules]);
    if (opts.shell === false) for (const part of SHELL) audit = audit.exclude(part);
    const { violations } = await audit.analyze();
    for (const v of violations) {
      for (const node of v.nodes) {
        const target = node.target.join(" ");
        if (ALLOWED.has(`${label} ${v.id} ${target}`)) continue;
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colors = v.id === "color-contrast" && data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : "";
        found.push(`${label} [${scheme}] ${v.id}: ${target}${colors} — ${node.html.slice(0, 160)}`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

// Issue 7 item 11: on a 390 px phone no label, button text, badge, tab or table header is cut off or
// runs out of its box, and no page scrolls sideways. Checked on what the page shows now (a page, or a
// dialog or drawer open on it).
import type { Page } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };

/**
 * Runs in the page: every shown element that carries words (labels, buttons and their labels,
 * badges, table headers, tabs, menu and navigation labels, any text with an ellipsis) whose text is
 * wider than its box, or that sticks out past the right edge of the screen (outside a sideways-
 * scrolling container). Text cut short on purpose (text-overflow: ellipsis) is fine only when its
 * full text is offered: in a title, or by the list kit's Truncated cell (data-truncated: a tooltip on
 * hover, focus and touch, issue 24 item 5). The walk reaches those cells since its shop seeding put
 * buyers' emails in the admin lists.
 */
function overflowingText(): string[] {
  const SELECTOR = [
    "label",
    "button",
    "a.mantine-Button-root",
    ".mantine-Button-label",
    ".mantine-Badge-root",
    ".mantine-Badge-label",
    "th",
    "[role=tab]",
    ".mantine-Tabs-tabLabel",
    ".mantine-SegmentedControl-label",
    ".mantine-NavLink-label",
    ".mantine-InputWrapper-label",
    ".mantine-InputWrapper-description",
    ".mantine-Pagination-control",
    "legend",
  ].join(",");
  const viewport = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const id = el.getAttribute("data-testid");
    const cls = [...el.classList].find((c) => c.startsWith("mantine-")) ?? "";
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ""}${cls ? ` .${cls}` : ""}> "${(el.textContent ?? "").trim().slice(0, 60)}"`;
  };
  const scrollsSideways = (el: Element) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === "auto" || o === "scroll") && p !== document.documentElement && p !== document.body) return true;
    }
    return false;
  };
  // The words above, and any text that CSS cuts short with an ellipsis (Mantine's `truncate`).
  const candidates = new Set(document.querySelectorAll<HTMLElement>(SELECTOR));
  for (const el of document.body.querySelectorAll<HTMLElement>("*")) if (getComputedStyle(el).textOverflow === "ellipsis") candidates.add(el);
  const found: string[] = [];
  for (const el of candidates) {
    if (!(el.textContent ?? "").trim()) continue; // icon-only controls are named by aria-label instead
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue; // not shown
    if (box.right <= 0 || box.left >= viewport) continue; // off-canvas (a closed drawer), not on screen
    const ellipsized = style.textOverflow === "ellipsis" && !!el.closest("[title],[data-truncated]");
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !ellipsized) found.push(`${name(el)} text ${el.scrollWidth}px in a ${el.clientWidth}px box`);
    else if (box.right > viewport + 1 && !scrollsSideways(el)) found.push(`${name(el)} ends at ${Math.round(box.right)}px, past the ${viewport}px screen`);
  }
  if (document.documentElement.scrollWidth > viewport + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide`);
  return found;
}

/** Words that do not fit on the page as shown now, once its fonts have loaded. */
export async function fitFindings(page: Page, label: string): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return (await page.evaluate(overflowingText)).map((line) => `${label} ${line}`);
}

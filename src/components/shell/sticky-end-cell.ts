import type { CSSProperties } from "react";

/**
 * Style for the actions column of a wide admin table: pinned to the right edge of its scroll
 * container, so at widths where the table scrolls sideways (tablets, small laptops) no row action
 * is off-screen, and the shadow hints at the columns scrolled under it. Its background repeats the
 * card's (`light-dark()` follows Mantine's `color-scheme`) and, on a striped row, the stripe, which
 * a sticky cell would otherwise cover. Phones get cards instead (usePhoneLayout).
 */
export function stickyEndCell(striped = false): CSSProperties {
  return {
    position: "sticky",
    right: 0,
    zIndex: 1,
    backgroundColor: "light-dark(var(--mantine-color-white), var(--mantine-color-dark-6))",
    backgroundImage: striped ? "linear-gradient(var(--table-striped-color), var(--table-striped-color))" : undefined,
    boxShadow: "-10px 0 8px -8px rgba(0, 0, 0, 0.3)",
  };
}

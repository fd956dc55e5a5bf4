import { darken, isVirtualColor, keys, lighten, luminance, type CSSVariablesResolver, type MantineTheme } from "@mantine/core";

// WCAG AA for normal text. Checked for every color in tests/ui/readable-colors.test.ts and on every
// page by e2e/page-walk.spec.ts (axe-core, both schemes).
export const AA = 4.5;

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` moved towards black (on light grounds) or white (on dark ones) in 5 % steps until it reads at AA on `ground`. */
function readable(color: string, ground: string): string {
  const shift = luminance(ground) > 0.18 ? darken : lighten;
  for (let k = 0; k < 1; k += 0.05) {
    const c = k === 0 ? color : shift(color, k);
    if (contrast(c, ground) >= AA) return c;
  }
  return shift === darken ? "#000" : "#fff";
}

/**
 * Mantine's default palette misses AA in a few places: its `dimmed` gray (3.3:1 on white, 4.0:1 on
 * the dark body), white on the light-scheme filled shade of most colors (indigo 6 is 4.3:1, red
 * 3.3:1), the light-variant text of teal, yellow, orange, green on their tint (badges), and the
 * dark-scheme error red (3.4:1). Rather than patching components, each color's variant variables
 * keep Mantine's shades, moved just far enough to reach AA, so any Badge, Button, Alert or Text
 * color in the app reads at AA in both schemes.
 */
export const readableColors: CSSVariablesResolver = (theme: MantineTheme) => {
  // The lightest page surfaces: gray 0 (hovered rows, code panels) in the light scheme, dark 6
  // (cards, inputs) in the dark one. What reads on them reads on the body too.
  const lightSurface = theme.colors.gray[0];
  const darkSurface = theme.colors.dark[6];
  const light: Record<string, string> = {
    // Between gray 6 and 7: AA on white, gray 0-1 surfaces and the light tints (alerts, badges).
    "--mantine-color-dimmed": "#5c636a",
    "--mantine-color-error": "var(--mantine-color-red-filled)",
  };
  const dark: Record<string, string> = {
    // AA on the body (dark 7), cards and inputs (dark 6) and hovered rows (dark 5).
    "--mantine-color-dimmed": "#a6a6a6",
    "--mantine-color-error": "var(--mantine-color-red-text)",
  };
  const shade = (scheme: "light" | "dark") => (typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade[scheme]);
  for (const name of keys(theme.colors)) {
    const c = theme.colors[name];
    if (isVirtualColor(c)) continue;
    // Filled backgrounds carry white text (autoContrast is off) in both schemes; in the light
    // scheme the same color is also text on the page, gray 0 at the lightest.
    for (const [vars, scheme, ground] of [[light, "light", lightSurface], [dark, "dark", theme.white]] as const) {
      const filled = readable(c[shade(scheme)], ground);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    }
    // Light scheme: text and outline are the filled color; light and subtle variants put shade 9
    // on tint 1.
    light[`--mantine-color-${name}-outline`] = light[`--mantine-color-${name}-filled`];
    light[`--mantine-color-${name}-light-color`] = readable(c[9], c[1]);
    // Dark scheme: text and outline are shade 4 on the page (light variants are shade 0 on a
    // darkened 9, which always passes).
    dark[`--mantine-color-${name}-text`] = readable(c[4], darkSurface);
    dark[`--mantine-color-${name}-outline`] = dark[`--mantine-color-${name}-text`];
  }
  return { variables: {}, light, dark };
};

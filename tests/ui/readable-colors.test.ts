// The theme's color variables, as the browser ends up with them (Mantine's defaults overridden by
// readableColors), read at WCAG AA wherever Mantine puts text: white on filled buttons and badges,
// light-variant badges on their tint, colored and dimmed text on the page, in both schemes.
import { DEFAULT_THEME, defaultCssVariablesResolver, keys, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/theme";
import { AA, contrast, readableColors } from "@/components/readable-colors";

const full = mergeMantineTheme(DEFAULT_THEME, theme);

function variables(scheme: "light" | "dark", withFix: boolean) {
  const base = defaultCssVariablesResolver(full);
  const fix = withFix ? readableColors(full) : { variables: {}, light: {}, dark: {} };
  const all: Record<string, string> = { ...base.variables, ...base[scheme], ...fix.variables, ...fix[scheme] };
  const resolve = (v: string): string => {
    const ref = /^var\((--[\w-]+)\)$/.exec(v.trim());
    return ref ? resolve(all[ref[1]]) : v;
  };
  return (name: string) => resolve(all[name]);
}

/** Every pair of (text, ground) the variables make, as "description: ratio" for the ones below AA. */
function failures(scheme: "light" | "dark", withFix: boolean): string[] {
  const v = variables(scheme, withFix);
  const white = full.white;
  const grounds = scheme === "light" ? { body: white, surface: full.colors.gray[0] } : { body: full.colors.dark[7], card: full.colors.dark[6] };
  const pairs: [string, string, string][] = [];
  for (const [g, ground] of Object.entries(grounds)) {
    pairs.push([`dimmed on ${g}`, v("--mantine-color-dimmed"), ground]);
    pairs.push([`error on ${g}`, v("--mantine-color-error"), ground]);
    pairs.push([`anchor on ${g}`, v("--mantine-color-anchor"), ground]);
  }
  if (scheme === "dark") pairs.push(["dimmed on hovered row", v("--mantine-color-dimmed"), full.colors.dark[5]]);
  for (const c of keys(full.colors)) {
    pairs.push([`white on filled ${c}`, white, v(`--mantine-color-${c}-filled`)]);
    pairs.push([`light ${c} badge`, v(`--mantine-color-${c}-light-color`), v(`--mantine-color-${c}-light`)]);
    for (const [g, ground] of Object.entries(grounds)) {
      pairs.push([`${c} text on ${g}`, v(`--mantine-color-${c}-text`), ground]);
      pairs.push([`${c} outline on ${g}`, v(`--mantine-color-${c}-outline`), ground]);
    }
  }
  return pairs.filter(([, fg, bg]) => contrast(fg, bg) < AA).map(([what, fg, bg]) => `${what}: ${contrast(fg, bg).toFixed(2)}`);
}

describe("theme colors reach WCAG AA (4.5:1)", () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`in the ${scheme} scheme`, () => {
      expect(failures(scheme, true)).toEqual([]);
    });
  }

  it("where Mantine's defaults do not (what the override is for)", () => {
    expect(failures("light", false)).toEqual(expect.arrayContaining(["dimmed on body: 3.32", expect.stringMatching(/^white on filled red: /), expect.stringMatching(/^light yellow badge: /)]));
    expect(failures("dark", false)).toEqual(expect.arrayContaining(["dimmed on body: 4.04", expect.stringMatching(/^error on body: /)]));
  });
});

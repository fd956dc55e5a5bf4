// The theme's CSS variables moved from an inline <style> in every page to a bundled stylesheet
// (src/app/theme-variables.css). The file must hold exactly what MantineProvider would have put
// inline for our theme and readable colours, and must be regenerated when either changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readableColors } from "../../src/components/readable-colors";
import { theme } from "../../src/components/theme";
import { themeVariablesCss } from "../../src/components/theme-css";

const FILE = path.join(import.meta.dirname, "..", "..", "src", "app", "theme-variables.css");
const rules = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "").trim();

describe("theme variables stylesheet", () => {
  it("holds what MantineProvider would have inlined for the theme", () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: "auto", cssVariablesResolver: readableColors }, "x"));
    const inline = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(inline, "MantineProvider rendered its variables inline").toBeTruthy();
    expect(rules(themeVariablesCss())).toBe(inline!.trim());
  });

  it("is up to date: run `node --import tsx scripts/theme-css.ts` after changing the theme", () => {
    expect(readFileSync(FILE, "utf8")).toBe(themeVariablesCss());
  });

  it("is not inlined by the provider any more", () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: "auto", withCssVariables: false }, "x"));
    expect(html).not.toContain("--mantine-primary-color-filled");
  });
});

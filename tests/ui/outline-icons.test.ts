// Tabler's outline icons on the shell and the light pages leave their drawing attributes out
// (components/outline-icon.ts); src/app/icons.css draws them instead. Both halves must hold: without
// the attributes and without the stylesheet an outline icon would be drawn filled black.
import { readFileSync } from "node:fs";
import path from "node:path";
import { IconBell, IconStarFilled } from "@tabler/icons-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OUTLINE_IN_CSS } from "../../src/components/outline-icon";

const APP = path.join(import.meta.dirname, "..", "..", "src", "app");

describe("outline icons drawn by CSS", () => {
  it("leave out the drawing attributes, keep the colour and the size", () => {
    const plain = renderToStaticMarkup(createElement(IconBell, { size: 20 }));
    const light = renderToStaticMarkup(createElement(IconBell, { size: 20, ...OUTLINE_IN_CSS }));
    for (const attr of ["xmlns=", "fill=", "stroke-width=", "stroke-linecap=", "stroke-linejoin="]) {
      expect(plain, attr).toContain(attr);
      expect(light, attr).not.toContain(attr);
    }
    expect(light).toContain('stroke="currentColor"');
    expect(light).toContain('width="20"');
    expect(light).toContain('class="tabler-icon tabler-icon-bell"');
    expect(light.length).toBeLessThan(plain.length - 100);
  });

  it("are drawn by a stylesheet every page loads, which leaves filled icons alone", () => {
    const css = readFileSync(path.join(APP, "icons.css"), "utf8");
    const rule = /svg\.tabler-icon:not\(\[fill\]\)\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toMatch(/fill:\s*none/);
    expect(rule).toMatch(/stroke-width:\s*2/);
    expect(rule).toMatch(/stroke-linecap:\s*round/);
    expect(rule).toMatch(/stroke-linejoin:\s*round/);
    expect(readFileSync(path.join(APP, "layout.tsx"), "utf8")).toContain('import "./icons.css";');
    // A filled icon keeps its fill attribute, so the rule does not reach it.
    expect(renderToStaticMarkup(createElement(IconStarFilled, { size: 20 }))).toContain('fill="currentColor"');
  });
});

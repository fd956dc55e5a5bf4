// A server component cannot use a client component's static members: in the React Server Components
// bundle `Table` is a client reference, so `Table.Tr` is undefined and the page fails in production
// with "Element type is invalid" (render tests in Node do not see it). Mantine exports every part
// by name (`TableTr`), which works on both sides. This walk finds the mistake before a build does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(__dirname, "../../src");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith(".tsx") ? [p] : [];
  });
}

const isClient = (text: string) => /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(text);

describe("server components", () => {
  it("use no compound component members such as <Table.Tr>", () => {
    const offenders: string[] = [];
    for (const file of tsxFiles(SRC)) {
      const text = readFileSync(file, "utf8");
      if (isClient(text)) continue;
      text.split("\n").forEach((line, i) => {
        if (/<\/?[A-Z][A-Za-z0-9]*\.[A-Z]/.test(line)) offenders.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("the walk sees client and server files (so an empty result means something)", () => {
    const files = tsxFiles(SRC).map((f) => readFileSync(f, "utf8"));
    expect(files.filter(isClient).length).toBeGreaterThan(20);
    expect(files.filter((t) => !isClient(t)).length).toBeGreaterThan(20);
  });
});

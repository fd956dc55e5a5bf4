// Every user-visible string exists in zh-CN and en: the two message trees have the same keys,
// and no value is empty.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve("messages");
const load = (locale: string) => {
  const base = JSON.parse(readFileSync(path.join(root, `${locale}.json`), "utf8"));
  for (const f of readdirSync(path.join(root, locale))) Object.assign(base, JSON.parse(readFileSync(path.join(root, locale, f), "utf8")));
  return base as Record<string, unknown>;
};
function leaves(obj: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (obj && typeof obj === "object") for (const [k, v] of Object.entries(obj)) for (const [kk, vv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  else out.set(prefix, obj);
  return out;
}

describe("messages", () => {
  const zh = leaves(load("zh-CN"));
  const en = leaves(load("en"));
  it("have the same keys in both languages", () => {
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([]);
  });
  it("have no empty strings", () => {
    for (const [k, v] of [...zh, ...en]) expect(typeof v === "string" && v.trim().length > 0, k).toBe(true);
  });
  it("use the same placeholders in both languages", () => {
    const ph = (s: unknown) => [...String(s).matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join(",");
    for (const [k, v] of zh) if (en.has(k)) expect(ph(v), k).toBe(ph(en.get(k)));
  });
});

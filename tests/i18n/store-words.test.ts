// The store's enums are shown as words (messages/<locale>/store.json): order and payment statuses,
// order kinds and payment providers each need a word in both languages that is not the code itself,
// distinct within its enum, and no word for a code the schema does not know.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORDER_KINDS, ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "@/server/db/schema/commerce";

const LOCALES = ["en", "zh-CN"] as const;
const MAPS = { orderStatus: ORDER_STATUSES, paymentStatus: PAYMENT_STATUSES, kind: ORDER_KINDS, provider: PAYMENT_PROVIDERS } as const;
const load = (locale: string) => (JSON.parse(readFileSync(path.resolve("messages", locale, "store.json"), "utf8")) as { store: Record<string, Record<string, string>> }).store;

describe.each(LOCALES)("store words in %s", (locale) => {
  const store = load(locale);
  it.each(Object.entries(MAPS))("%s: a distinct word for every code, and only for those", (map, codes) => {
    const words = store[map] ?? {};
    expect(Object.keys(words).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(words[code]?.trim(), `${locale}: ${map}.${code}`).toBeTruthy();
      expect(words[code]).not.toContain(code);
    }
    expect(new Set(Object.values(words)).size).toBe(codes.length);
  });
});

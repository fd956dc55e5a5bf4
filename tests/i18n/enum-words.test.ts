// Statuses and roles are shown as words (StatusBadge, RoleBadge, the status menu, filters and the
// toast after a change all read the messages `status.*` and `role.*`): every value of the schema's
// enums needs a word in both languages, and that word must not be the code itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { USER_ROLES, USER_STATUSES } from "@/server/db/schema/accounts";

const LOCALES = ["en", "zh-CN"] as const;
const load = (locale: string) => JSON.parse(readFileSync(path.resolve("messages", `${locale}.json`), "utf8")) as Record<string, Record<string, unknown>>;

describe.each(LOCALES)("enum words in %s", (locale) => {
  const messages = load(locale);
  const cases = [
    ...USER_STATUSES.map((code) => ({ map: "status", code })),
    ...USER_ROLES.map((code) => ({ map: "role", code })),
  ];
  it.each(cases)("$map.$code is a word, not the code", ({ map, code }) => {
    const word = messages[map]?.[code];
    expect(typeof word, `${locale}: ${map}.${code}`).toBe("string");
    expect(String(word).trim()).not.toBe("");
    expect(String(word)).not.toContain(code);
  });
  it("has no word for a code the schema does not know (the maps follow the enums)", () => {
    expect(Object.keys(messages.status ?? {}).sort()).toEqual([...USER_STATUSES].sort());
    expect(Object.keys(messages.role ?? {}).sort()).toEqual([...USER_ROLES].sort());
  });
  it("no two values of one enum share a word (the badge must tell them apart)", () => {
    for (const map of ["status", "role"]) {
      const words = Object.values(messages[map] ?? {});
      expect(new Set(words).size, `${locale}: ${map}`).toBe(words.length);
    }
  });
});

// Issue 7 item 2: every error a person may see is worded from the catalogue in both languages.
// Walks every reason and field code of src/server/error-reasons.ts, every reason the code names,
// and renders each one in both languages with its declared parameters.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_REASONS, FIELD_CODES, isErrorReason, reasonKey } from "@/server/error-reasons";
import { DomainError } from "@/server/errors";
import { errorText, fieldTexts } from "@/server/i18n/error-text";

const LOCALES = ["en", "zh-CN"] as const;
const catalogue = (locale: string) =>
  (JSON.parse(readFileSync(path.resolve("messages", locale, "errors.json"), "utf8")) as { serverErrors: Record<string, string> }).serverErrors;

/** ICU argument names of a message: `{name}`, `{name, plural, ...}` (nested plural texts use `#`). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:,|\})/g)) names.add(m[1]!);
  return [...names].sort();
}

const reasons = Object.keys(ERROR_REASONS) as (keyof typeof ERROR_REASONS)[];
const fieldCodes = Object.keys(FIELD_CODES) as (keyof typeof FIELD_CODES)[];

describe.each(LOCALES)("error catalogue in %s", (locale) => {
  const messages = catalogue(locale);

  it.each(reasons)("reason %s has a message using exactly its declared parameters", (reason) => {
    const message = messages[reasonKey(reason)];
    expect(message, `${locale}: serverErrors.${reasonKey(reason)}`).toBeTypeOf("string");
    expect(placeholders(message!), `${locale}: ${reason}`).toEqual([...ERROR_REASONS[reason]].sort());
  });

  it("has no angle brackets: ICU reads <x> as a markup tag and the sentence fails to format", () => {
    expect(Object.entries(messages).filter(([, m]) => /[<>]/.test(m))).toEqual([]);
  });

  it.each(fieldCodes)("field code %s has a message using exactly its declared parameters", (code) => {
    const message = messages[`field_${code}`];
    expect(message, `${locale}: serverErrors.field_${code}`).toBeTypeOf("string");
    expect(placeholders(message!)).toEqual([...FIELD_CODES[code]].sort());
  });

  it("holds nothing but reasons, field codes, field-specific wordings and the browser's own two", () => {
    const known = new Set([...reasons.map(reasonKey), ...fieldCodes.map((c) => `field_${c}`), "network"]);
    const stray = Object.keys(messages).filter((k) => {
      if (known.has(k)) return false;
      // field_<field>_<code>: a wording for one field, which must use its code's parameters.
      const code = fieldCodes.find((c) => k.startsWith("field_") && k.endsWith(`_${c}`) && k.length > `field__${c}`.length);
      return !code || placeholders(messages[k]!).join() !== [...FIELD_CODES[code]].sort().join();
    });
    expect(stray).toEqual([]);
  });

  it("renders every reason with sample parameters: no placeholder left, no fallback to the code", () => {
    for (const reason of reasons) {
      const sample = Object.fromEntries(ERROR_REASONS[reason].map((p) => [p, p === "count" || p === "max" || p === "seconds" ? 3 : `<${p}>`]));
      const text = errorText(locale, reason, { ...sample, retryAfterSeconds: 900, fields: { name: "too_long" }, fieldParams: { name: { maximum: 60 } } });
      expect(text, reason).toBeTypeOf("string");
      expect(text, reason).not.toMatch(/[{}]/);
      // A message ICU cannot format comes back as its key ("serverErrors.x"): a broken sentence.
      expect(text, reason).not.toContain("serverErrors");
      expect(text).not.toBe(reason);
      // Each carried parameter shows in the sentence (a placeholder the renderer could not fill reads "?").
      // `duration` and `summary` are derived by the renderer, from retryAfterSeconds and the fields.
      for (const [p, v] of Object.entries(sample)) if (typeof v === "string" && p !== "duration" && p !== "summary") expect(text, `${reason}.${p}`).toContain(v);
      if (reason === "invalid_input") expect(text).toContain("name: ");
    }
  });

  it("renders every field code with its parameters", () => {
    for (const code of fieldCodes) {
      const params = Object.fromEntries(FIELD_CODES[code].map((p) => [p, 8]));
      const text = fieldTexts(locale, { fields: { someField: code }, fieldParams: { someField: params } }).someField;
      expect(text, code).toBeTypeOf("string");
      expect(text).not.toMatch(/[{}]|\?|serverErrors/);
      for (const p of FIELD_CODES[code]) expect(text, `${code}.${p}`).toContain("8");
    }
  });
});

describe("the two languages differ where they should", () => {
  it("a Chinese message is not the English one (a key copied untranslated)", () => {
    const en = catalogue("en");
    const zh = catalogue("zh-CN");
    const same = Object.keys(en).filter((k) => en[k] === zh[k]);
    expect(same).toEqual([]);
  });
  it("the rate limit speaks of minutes in words, not seconds", () => {
    expect(errorText("en", "rate_limited", { retryAfterSeconds: 896 })).toBe("Too many attempts. Try again in about 15 minutes.");
    expect(errorText("zh-CN", "rate_limited", { retryAfterSeconds: 896 })).toBe("尝试次数过多，请在约 15 分钟后重试。");
  });
  it("a DomainError's own message is the English sentence, for logs", () => {
    expect(new DomainError("UNAVAILABLE", "panel_error", { panelMessage: "boom" }).message).toBe("The panel reported an error: “boom”");
  });
});

/** Every `.ts`/`.tsx` file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe("every reason the code names is in the catalogue", () => {
  // tsc checks the reasons given to DomainError; this also catches reasons in plain objects
  // (sync results, login errors, hand-built error bodies) that a type cannot see.
  const files = [...sources(path.resolve("src")), ...sources(path.resolve("cli"))];
  const named = new Set<string>();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/\breason:\s*"([a-z0-9_]+)"/g)) {
      // `fields: { reason: "required" }` is a form field called "reason", not an error reason.
      if (!/fields:\s*\{\s*$/.test(text.slice(Math.max(0, m.index - 20), m.index))) named.add(m[1]!);
    }
    for (const m of text.matchAll(/new DomainError\(\s*[A-Za-z"_]+\s*,\s*"([a-z0-9_]+)"/g)) named.add(m[1]!);
  }
  it("finds the reasons it looks for (the scan itself works)", () => {
    expect(named.has("registration_closed")).toBe(true);
    expect(named.size).toBeGreaterThan(20);
  });
  it.each([...named].sort())("%s", (reason) => {
    expect(isErrorReason(reason), `${reason} is named in code but missing from ERROR_REASONS`).toBe(true);
  });
});

import type { z } from "zod";
import { isFieldCode, type FieldCode } from "./error-reasons";
import { validationError, type ErrorDetails } from "./errors";

/** Path of the first string (or object key) holding U+0000, which PostgreSQL text and jsonb refuse. */
export function findNulChar(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "input" : undefined;
  if (depth > 32 || value === null || typeof value !== "object") return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes("\u0000")) return [...path, "(key)"].join(".");
    const hit = findNulChar(v, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

/** Refuses U+0000 anywhere in the input as bad input (400), rather than later as a database 500. */
export function assertNoNul(input: unknown): void {
  const nul = findNulChar(input);
  if (nul) throw validationError("nul_character", { fields: { [nul]: "nul_character" } });
}

type Issue = z.core.$ZodIssue;
type Problem = { code: FieldCode; params?: Record<string, string | number> };

const valueAt = (input: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const bound = (v: unknown): number => (typeof v === "bigint" ? Number(v) : Number(v));

/**
 * A zod issue as a field code with parameters, so each transport can word it in the caller's
 * language (the catalogue's `field_<code>`). A schema's own message is used when it is one of our
 * codes (`{ message: "panel_url_format" }`); zod's English sentences never reach a person.
 */
function problemOf(issue: Issue, input: unknown): Problem {
  if (isFieldCode(issue.message)) return { code: issue.message }; // the schema named the problem itself
  const given = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (isEmpty(given)) return { code: "required" };
      return { code: issue.expected === "int" ? "not_integer" : "invalid" };
    case "too_small": {
      const minimum = bound(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 || isEmpty(given) ? { code: "required" } : { code: "too_short", params: { minimum } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_few", params: { minimum } };
      return { code: "too_small", params: { minimum } };
    }
    case "too_big": {
      const maximum = bound(issue.maximum);
      if (issue.origin === "string") return { code: "too_long", params: { maximum } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_many", params: { maximum } };
      return { code: "too_big", params: { maximum } };
    }
    case "invalid_format":
      if (issue.format === "email") return { code: "invalid_email" };
      if (issue.format === "url") return { code: "invalid_url" };
      return { code: "invalid" };
    case "invalid_value":
      return { code: "invalid_choice" };
    case "unrecognized_keys":
      return { code: "unknown_field" };
    default:
      return { code: "invalid" };
  }
}

/** Field problems of a failed parse: the first problem per field, in the schema's order. */
export function fieldProblems(
  issues: readonly Issue[],
  input: unknown,
  fallbackField = "input",
  keyOf: (path: PropertyKey[]) => string = (path) => path.join("."),
): Pick<ErrorDetails, "fields" | "fieldParams"> {
  const fields: Record<string, FieldCode> = {};
  const fieldParams: Record<string, Record<string, string | number>> = {};
  for (const issue of issues) {
    // An unknown key is reported on the object; name the key itself so a person can find it.
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((k) => keyOf([...issue.path, k])) : [keyOf(issue.path) || fallbackField];
    for (const key of keys) {
      if (key in fields) continue;
      const p = problemOf(issue, input);
      fields[key] = p.code;
      if (p.params) fieldParams[key] = p.params;
    }
  }
  return Object.keys(fieldParams).length ? { fields, fieldParams } : { fields };
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertNoNul(input);
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw validationError("invalid_input", fieldProblems(r.error.issues, input));
}

import type { z } from "zod";
import { validationError } from "./errors";

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
  if (nul) throw validationError(`${nul}: contains a NUL character`, { reason: "nul_character", fields: { [nul]: "nul_character" } });
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertNoNul(input);
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".") || "input";
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  throw validationError(first ? (first[0] === "input" ? first[1] : `${first[0]}: ${first[1]}`) : "Invalid input", { fields });
}

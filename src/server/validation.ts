import type { z } from "zod";
import { validationError } from "./errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
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

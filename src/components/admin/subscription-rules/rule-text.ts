// What the editor and the tester do with text before a verb sees it: the JSON of the editor, the
// tester's header lines, and the problems a refused list comes back with.
import type { UiError } from "@/components/forms/server-error";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The editor's text as a value (the verb checks its shape); the parser's own words on failure. */
export function parseRulesText(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/**
 * `Name: value` lines as a header record (blank lines skipped); `line` names the first line that is
 * not one. The User-Agent field is added last, so it wins over a User-Agent line.
 */
export function headersFromText(userAgent: string, text: string): { ok: true; headers: Record<string, string> } | { ok: false; line: number } {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s?(.*)$/.exec(line);
    if (!m) return { ok: false, line: i + 1 };
    headers[m[1]!.toLowerCase()] = m[2]!.trim();
  }
  if (userAgent.trim()) headers["user-agent"] = userAgent.trim();
  return { ok: true, headers };
}

export interface RuleProblem {
  path: string;
  message: string;
}

/** The problems of a refused rule list (`details.problems`), or [] for any other error. */
export function problemsOf(err: UiError): RuleProblem[] {
  const list = err.details?.problems;
  if (!Array.isArray(list)) return [];
  return list.filter((p): p is RuleProblem => !!p && typeof p === "object" && typeof p.path === "string" && typeof p.message === "string");
}

/** Rule names as typed, to name a rule in its problem (none while the text is not a JSON list). */
export function ruleNames(text: string): string[] {
  const parsed = parseRulesText(text);
  if (!parsed.ok || !Array.isArray(parsed.value)) return [];
  return parsed.value.map((r: unknown) => (r && typeof r === "object" && typeof (r as { name?: unknown }).name === "string" ? (r as { name: string }).name : ""));
}

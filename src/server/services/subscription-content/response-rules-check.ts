// The check a rule list passes before it is stored (settings, CLI, admin page): the shape, then each
// regex, which must compile and must finish on adversarial inputs within a time budget, so a
// catastrophic pattern such as `(a+)+$` is refused here instead of stalling requests. Server only
// (node:vm): the rules module itself stays free of it.
import vm from "node:vm";
import { validationError, type DomainError } from "../../errors";
import { MAX_VALUE, ResponseRulesSchema } from "./response-rules";

const REGEX_BUDGET_MS = 100;

/** Strings that make backtracking patterns explode: long runs of common characters with a bad ending. */
function probes(pattern: string): string[] {
  const chars = new Set(["a", "A", "0", " ", ".", "/", "-", "_", "x", ...pattern.replace(/\\./g, "").replace(/[^\w .\/-]/g, "")]);
  const out: string[] = [];
  for (const c of chars) {
    out.push(c.repeat(MAX_VALUE), `${c.repeat(MAX_VALUE - 1)}!`);
  }
  out.push("ab".repeat(MAX_VALUE / 2), "a1".repeat(MAX_VALUE / 2), `${"a ".repeat(MAX_VALUE / 2 - 1)}!`);
  return out;
}

/** Why a regex may not be stored, or null: it must compile and finish on every probe within the budget. */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > 300) return "longer than 300 characters";
  try {
    new RegExp(pattern, "i");
  } catch (err) {
    return `does not compile: ${(err as Error).message}`;
  }
  try {
    // vm's timeout interrupts a running regex: a catastrophic one stops here, not in a request.
    vm.runInNewContext("const r = new RegExp(p, 'i'); for (const s of inputs) r.test(s);", { p: pattern, inputs: probes(pattern) }, { timeout: REGEX_BUDGET_MS });
  } catch {
    return `takes too long on some inputs (catastrophic backtracking)`;
  }
  return null;
}

/** Every problem of a rule list: shape first, then each regex. Empty when it may be stored. */
export function ruleProblems(input: unknown): { path: string; message: string }[] {
  const parsed = ResponseRulesSchema.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const out: { path: string; message: string }[] = [];
  parsed.data.forEach((rule, i) => {
    const conditions = rule.when ? ("all" in rule.when ? rule.when.all : rule.when.any) : [];
    conditions.forEach((c, j) => {
      if (c.op !== "regex") return;
      const problem = regexProblem(c.value);
      if (problem) out.push({ path: `${i}.when.${"all" in rule.when! ? "all" : "any"}.${j}.value`, message: `regex ${problem}` });
    });
  });
  return out;
}

/** The error a refused rule list is answered with: the first problems in the message, up to 20 in details. */
export function rulesInvalid(problems: { path: string; message: string }[]): DomainError {
  return validationError("response_rules_invalid", { detail: problems.slice(0, 3).map((p) => `${p.path || "rules"}: ${p.message}`).join("; "), problems: problems.slice(0, 20) });
}

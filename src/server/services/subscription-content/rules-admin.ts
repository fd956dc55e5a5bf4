// The response rules as the operator edits them (admin page, CLI): read the list in force, store a
// new one (or go back to the shipped defaults), and the tester, which answers with the very function
// the content endpoint uses, so its verdict is the endpoint's.
import { requireAdmin, type Ctx } from "../../context";
import { validationError } from "../../errors";
import { getSettingsWithSecrets, updateSettings } from "../settings";
import { pickFormat } from "./pick-format";
import { ruleProblems, rulesInvalid } from "./response-rules-check";
import { compileRules, DEFAULT_RESPONSE_RULES, matchRule, refusalsOnly, type ResponseRule, type RuleAnswer } from "./response-rules";
import { renderDocument } from "./render";
import { SERVED_FORMATS, type ServedFormat } from "./types";

export interface RulesInForce {
  rules: readonly ResponseRule[];
  /** false: the shipped defaults (nothing stored). */
  custom: boolean;
}

export async function listResponseRules(ctx: Ctx): Promise<RulesInForce> {
  requireAdmin(ctx, "settings.read");
  const stored = (await getSettingsWithSecrets(ctx.db)).subscriptionResponseRules;
  return stored ? { rules: stored, custom: true } : { rules: DEFAULT_RESPONSE_RULES, custom: false };
}

/** Stores a rule list (checked: shape, at most 100 rules, every regex within its budget); null restores the defaults. */
export async function setResponseRules(ctx: Ctx, rules: unknown): Promise<RulesInForce> {
  requireAdmin(ctx, "settings.write");
  if (rules !== null) {
    const problems = ruleProblems(rules);
    if (problems.length) throw rulesInvalid(problems);
  }
  await updateSettings(ctx, { subscriptionResponseRules: rules });
  return listResponseRules(ctx);
}

export interface RuleVerdict {
  /** The matching rule's name; null when none matched (base64 is served). */
  rule: string | null;
  then: RuleAnswer;
  headers: Record<string, string>;
  /** For a format answer: what the endpoint would send (content type, file extension). */
  preview?: { format: ServedFormat; contentType: string; extension: string };
}

/**
 * Which rule answers a request with these headers (and `?format=`, if given), from the stored rules
 * or a draft not yet saved. Header names are matched case-insensitively.
 */
export async function testResponseRules(ctx: Ctx, input: { headers: Record<string, string>; format?: string | null; draft?: unknown }): Promise<RuleVerdict> {
  requireAdmin(ctx, "settings.read");
  let rules: readonly ResponseRule[];
  if (input.draft !== undefined && input.draft !== null) {
    const problems = ruleProblems(input.draft);
    if (problems.length) throw rulesInvalid(problems);
    rules = input.draft as ResponseRule[];
  } else rules = (await listResponseRules(ctx)).rules;
  const headers = new Map(Object.entries(input.headers).map(([k, v]) => [k.trim().toLowerCase(), v]));
  const asked = (input.format ?? "").trim();
  const named = asked ? pickFormat({ format: asked }) : null;
  if (named !== null && typeof named !== "string") throw validationError("subscription_format_unknown", { formats: SERVED_FORMATS.join(", ") });
  const rule = matchRule(compileRules(rules), (name) => headers.get(name) ?? null, named ? refusalsOnly : undefined);
  const then: RuleAnswer = named ? (rule && !("format" in rule.then) ? rule.then : { format: named }) : (rule?.then ?? { format: "base64" });
  const verdict: RuleVerdict = { rule: rule?.name ?? null, then, headers: rule?.headers ?? {} };
  if ("format" in then) {
    const doc = renderDocument(then.format, [], "preview");
    verdict.preview = { format: then.format, contentType: doc.contentType, extension: doc.extension };
  }
  return verdict;
}

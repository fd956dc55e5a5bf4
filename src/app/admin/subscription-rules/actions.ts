"use server";
// Admin response rules: thin wrappers over the verbs the CLI uses; admins only (the wrapper and the
// verbs check). The verbs check the rule list itself; these schemas only bound the argument shapes.
import { z } from "zod";
import { args, noArgs } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { listResponseRules, setResponseRules, testResponseRules } from "@/server/services/subscription-content/rules-admin";

const PAGE = ["/admin/subscription-rules"];

// null would mean "back to the defaults" to the saving verb (that has its own action and its own
// confirmation) and "the saved rules" to the tester, which would then test something other than the draft.
const ruleList = z.custom<unknown>((v) => v !== null && v !== undefined, { message: "required" });

const testInput = z.strictObject({
  headers: z.record(z.string().max(200), z.string().max(10_000)).refine((h) => Object.keys(h).length <= 100),
  format: z.string().max(100).nullish(),
  draft: ruleList.optional(),
});

export async function listResponseRulesAction(...a: []) {
  return runAction(noArgs, a, (ctx) => listResponseRules(ctx), { permission: "settings.read" });
}

export async function saveResponseRulesAction(...a: [rules: unknown]) {
  return runAction(args(["rules", ruleList]), a, (ctx, [rules]) => setResponseRules(ctx, rules), { revalidate: PAGE, permission: "settings.write" });
}

export async function restoreDefaultResponseRulesAction(...a: []) {
  return runAction(noArgs, a, (ctx) => setResponseRules(ctx, null), { revalidate: PAGE, permission: "settings.write" });
}

export async function testResponseRulesAction(...a: [input: z.input<typeof testInput>]) {
  return runAction(args(["input", testInput]), a, (ctx, [input]) => testResponseRules(ctx, input), { permission: "settings.read" });
}

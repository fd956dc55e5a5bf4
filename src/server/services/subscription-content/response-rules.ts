// The operator's response rules (issue 26 item 3): an ordered list, first match wins, each with
// conditions on request headers and an answer: a format, the browser page, 404, 451 with a message,
// or a dropped connection, plus optional extra response headers. The shipped defaults reproduce the
// User-Agent table (pick-format.ts) with the browser rule the custom server always had, and send the
// Xray-JSON array to the clients that read it, from the versions their sources name.
//
// Regexes come from an admin, so they are checked before they are stored (response-rules-check.ts),
// and header values are cut to MAX_VALUE characters before matching, which bounds the cost of every
// pattern that passed.
import { z } from "zod";
import { UA_RULES } from "./pick-format";
import { SERVED_FORMATS, type ServedFormat } from "./types";

export const MAX_RULES = 100;
const MAX_CONDITIONS = 20;
/** Header values longer than this are matched on their first MAX_VALUE characters. */
export const MAX_VALUE = 1_024;

const OPS = ["equals", "contains", "startsWith", "endsWith", "regex"] as const;
export type RuleOp = (typeof OPS)[number];

const headerName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9!#$%&'*+.^_`|~-]{1,64}$/, "not a header name");

const Condition = z.strictObject({
  header: headerName,
  op: z.enum(OPS),
  value: z.string().max(500),
  not: z.boolean().optional(),
});

/** Headers a rule may not set: they frame the response or belong to the session. */
const RESERVED_HEADERS = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "set-cookie", "content-type", "location"]);

const Then = z.union([
  z.strictObject({ format: z.enum(SERVED_FORMATS) }),
  z.strictObject({ page: z.literal(true) }),
  z.strictObject({ status: z.union([z.literal(404), z.literal(451)]), message: z.string().trim().max(500).optional() }),
  z.strictObject({ drop: z.literal(true) }),
]);

const Rule = z.strictObject({
  name: z.string().trim().min(1).max(160),
  when: z
    .union([z.strictObject({ all: z.array(Condition).min(1).max(MAX_CONDITIONS) }), z.strictObject({ any: z.array(Condition).min(1).max(MAX_CONDITIONS) })])
    .optional(),
  then: Then,
  headers: z
    .record(headerName, z.string().max(1_000).regex(/^[\t\x20-\x7e]*$/, "header values are printable ASCII"))
    .refine((h) => Object.keys(h).length <= 20, "at most 20 headers")
    .refine((h) => !Object.keys(h).some((k) => RESERVED_HEADERS.has(k)), "content-type, content-length, location, set-cookie and connection headers are not rule headers")
    .optional(),
});

/** The stored shape (settings key `subscriptionResponseRules`): shape only; `ruleProblems` checks the regexes. */
export const ResponseRulesSchema = z
  .array(Rule)
  .max(MAX_RULES)
  .refine((rules) => new Set(rules.map((r) => r.name)).size === rules.length, "rule names must be unique");

export type ResponseRule = z.infer<typeof Rule>;
export type RuleAnswer = z.infer<typeof Then>;
export type RuleCondition = z.infer<typeof Condition>;

// ---------- defaults ----------

/** `Name/x.y.z` at or above a version, as a regex (the rules have no version operator: a regex says it). */
const atLeast = (name: string, version: string) => `^${name}/${versionAtLeast(version)}`;

/** A regex matching dotted versions >= the given one (each part compared numerically). */
export function versionAtLeast(version: string): string {
  const parts = version.split(".").map(Number);
  const alts: string[] = [];
  // Same prefix up to part i, then a bigger part i, then anything.
  for (let i = 0; i < parts.length; i++) {
    const prefix = parts.slice(0, i).map((p) => `${p}\\.`).join("");
    alts.push(`${prefix}${greaterThan(parts[i]!)}(?:\\.\\d+)*(?!\\d)`);
  }
  alts.push(`${parts.join("\\.")}(?:\\.\\d+)*(?!\\d)`);
  return `(?:${alts.join("|")})`;
}

/** A regex for whole numbers greater than n. */
function greaterThan(n: number): string {
  const s = String(n);
  const alts = [`[1-9]\\d{${s.length},}`];
  for (let i = 0; i < s.length; i++) {
    const d = Number(s[i]);
    if (d === 9) continue;
    const rest = s.length - i - 1;
    alts.push(`${s.slice(0, i)}[${d + 1}-9]${rest ? `\\d{${rest}}` : ""}`);
  }
  return `(?:${alts.join("|")})`;
}

const ua = (name: string, pattern: string, format: ServedFormat): ResponseRule => ({ name, when: { all: [{ header: "user-agent", op: "regex", value: pattern }] }, then: { format } });

/** Today's behaviour as rules, plus the Xray-JSON clients (protocols.md §9.8). */
export const DEFAULT_RESPONSE_RULES: readonly ResponseRule[] = [
  // A person opening the link in a browser gets the page, unless a format was asked for (the custom
  // server's behaviour since the base edition; ?format= is handled before the rules).
  { name: "Browsers", when: { all: [{ header: "accept", op: "contains", value: "text/html" }] }, then: { page: true } },
  // v2rayN reads arrays from 6.40, v2rayNG from 1.8.16 but in natural order only from 1.8.29,
  // Happ from 1.63.1 (Marzban's gate); Streisand with no gate (Marzban, Remnawave).
  ua("Xray-JSON: v2rayN 6.40+", atLeast("v2rayN", "6.40"), "xray-json"),
  ua("Xray-JSON: v2rayNG 1.8.29+", atLeast("v2rayNG", "1.8.29"), "xray-json"),
  ua("Xray-JSON: Happ 1.63.1+", atLeast("Happ", "1.63.1"), "xray-json"),
  ua("Xray-JSON: Streisand", "^streisand", "xray-json"),
  ...UA_RULES.map((r) => ua(r.clients, r.pattern.source, r.format)),
  { name: "Everything else", then: { format: "base64" } },
];

// ---------- matching ----------

type Test = (value: string) => boolean;
export interface CompiledRules {
  rules: readonly ResponseRule[];
  tests: { combine: "all" | "any"; conditions: { header: string; test: Test; not: boolean }[] }[];
}

function compileCondition(c: RuleCondition): Test {
  const v = c.value.toLowerCase();
  switch (c.op) {
    case "equals":
      return (s) => s.toLowerCase() === v;
    case "contains":
      return (s) => s.toLowerCase().includes(v);
    case "startsWith":
      return (s) => s.toLowerCase().startsWith(v);
    case "endsWith":
      return (s) => s.toLowerCase().endsWith(v);
    case "regex": {
      const re = new RegExp(c.value, "i");
      return (s) => re.test(s);
    }
  }
}

export function compileRules(rules: readonly ResponseRule[]): CompiledRules {
  return {
    rules,
    tests: rules.map((r) => {
      const [combine, list] = !r.when ? (["all", []] as const) : "all" in r.when ? (["all", r.when.all] as const) : (["any", r.when.any] as const);
      return { combine, conditions: list.map((c) => ({ header: c.header, test: compileCondition(c), not: c.not === true })) };
    }),
  };
}

/**
 * The first rule whose conditions hold for these headers (names lower-case; a missing header is "").
 * `applies` leaves rules out before matching (an explicit `?format=` skips format and page answers).
 */
export function matchRule(compiled: CompiledRules, headers: (name: string) => string | null | undefined, applies?: (rule: ResponseRule) => boolean): ResponseRule | null {
  const read = (name: string) => (headers(name) ?? "").slice(0, MAX_VALUE);
  for (let i = 0; i < compiled.rules.length; i++) {
    if (applies && !applies(compiled.rules[i]!)) continue;
    const { combine, conditions } = compiled.tests[i]!;
    const holds = (c: (typeof conditions)[number]) => c.test(read(c.header)) !== c.not;
    if (conditions.length === 0 || (combine === "all" ? conditions.every(holds) : conditions.some(holds))) return compiled.rules[i]!;
  }
  return null;
}

let defaultsCompiled: CompiledRules | null = null;
/** The rules in force: the stored list, or the shipped defaults when none is stored. */
export function effectiveRules(stored: readonly ResponseRule[] | null): CompiledRules {
  if (stored) return compileRules(stored);
  return (defaultsCompiled ??= compileRules(DEFAULT_RESPONSE_RULES));
}

/** With `?format=` given, only refusals (404, 451, drop) still apply: the asked format wins over format and page answers. */
export const refusalsOnly = (rule: ResponseRule) => !("format" in rule.then) && !("page" in rule.then);

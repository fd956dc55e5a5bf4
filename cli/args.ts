// Command-line parsing driven by each command's declared options, so help text and parsing come
// from one description and an unknown or malformed flag is always a usage error (exit 2).
// Node's own util.parseArgs (strict) does the tokenizing and decides what is malformed; this file
// adds what it lacks (required options and positionals, a repeated option, help that wins over
// errors) and words every failure itself, naming the offending option.
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from "node:util";

export interface OptionSpec {
  type: "string" | "boolean";
  description: string;
  /** Shown in help as `--name <valueName>`. */
  valueName?: string;
  required?: boolean;
  /** Repeatable string option: collected into an array. */
  multiple?: boolean;
  /**
   * A secret (a password): may also come from stdin (`--<name>-stdin`), the named environment
   * variable or a hidden prompt, so it need not appear in argv (cli/secret-options.ts). `required`
   * is then checked after those sources were tried, not by parseArgs.
   */
  secret?: { env: string; prompt: string };
  /**
   * A file path read by the command. A command forwarded to the running service (which has another
   * working directory, maybe other permissions) carries the file's content instead, as the option
   * named here (cli/file-options.ts).
   */
  inlineAs?: string;
  /**
   * A new file the command writes its output to (created owner-only, never over an existing file).
   * A command forwarded to the running service would write it in the service's working directory as
   * the service's user: the bin instead creates the file itself, forwards the command without the
   * option, and writes the command's standard output into it (cli/output-file-options.ts).
   */
  writtenByClient?: boolean;
}

export interface PositionalSpec {
  name: string;
  description: string;
  required?: boolean;
  /** Takes every remaining positional (must be last). */
  variadic?: boolean;
}

export type OptionValue = string | boolean | string[] | undefined;

export interface ParsedArgs {
  options: Record<string, OptionValue>;
  /** Positionals by declared name; a variadic one is a string[]. */
  positionals: Record<string, string | string[] | undefined>;
  help: boolean;
}

/** Wrong invocation: the command line itself is malformed (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * True when `--help` or `-h` stands on its own before any `--`. Checked before anything else, so
 * help works on a half-typed command line (`node add --name --help`). Such an argument can never
 * be an option's value: strict util.parseArgs takes a value starting with '-' only as `--x=-v`.
 */
export function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

export function parseArgs(argv: string[], spec: { options?: Record<string, OptionSpec>; positionals?: PositionalSpec[] }): ParsedArgs {
  const optionSpecs = spec.options ?? {};
  const positionalSpecs = spec.positionals ?? [];
  if (wantsHelp(argv)) return { options: {}, positionals: {}, help: true };

  // No short options are declared (-h is answered above); firstProblem refuses every `-x`.
  const config = {
    args: argv,
    options: Object.fromEntries(Object.entries(optionSpecs).map(([name, o]) => [name, { type: o.type, multiple: o.multiple === true }])),
    allowPositionals: true, // counted against the declared positionals below, with our messages
    tokens: true,
  } satisfies ParseArgsConfig;
  let parsed;
  try {
    parsed = nodeParseArgs({ ...config, strict: true });
  } catch (err) {
    if (!String((err as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS_")) throw err;
    // Node's message suggests its own workarounds (`-- "--x"`, `--x=-XYZ`) and cannot name the
    // option in our terms; the same argv parsed leniently shows which token it refused.
    throw new UsageError(firstProblem(nodeParseArgs({ ...config, strict: false }).tokens, optionSpecs, argv) ?? "malformed command line");
  }
  // Strict parsing passed; these rules are ours alone (a repeated option, `-q` for `--q`).
  const problem = firstProblem(parsed.tokens, optionSpecs, argv);
  if (problem) throw new UsageError(problem);
  const options = { ...parsed.values } as Record<string, OptionValue>;
  const rest = parsed.positionals;

  const positionals: ParsedArgs["positionals"] = {};
  let p = 0;
  for (const ps of positionalSpecs) {
    if (ps.variadic) {
      positionals[ps.name] = rest.slice(p);
      p = rest.length;
    } else if (p < rest.length) positionals[ps.name] = rest[p++];
    if (ps.required && (positionals[ps.name] === undefined || (ps.variadic && (positionals[ps.name] as string[]).length === 0))) {
      throw new UsageError(`missing argument <${ps.name}>`);
    }
  }
  if (p < rest.length) throw new UsageError(`unexpected argument '${rest[p]}'`);
  for (const [name, o] of Object.entries(optionSpecs)) {
    if (o.required && !o.secret && options[name] === undefined) throw new UsageError(`missing required option '--${name}'`);
  }
  return { options, positionals, help: false };
}

type Token = NonNullable<ReturnType<typeof nodeParseArgs>["tokens"]>[number];

/**
 * The first option token that breaks a rule, worded for the operator; undefined when all are fine.
 * Given strict-mode tokens it finds only our own rules; given lenient tokens (after strict parsing
 * failed) it also finds what Node refused: an unknown option (ERR_PARSE_ARGS_UNKNOWN_OPTION), a
 * value given to a flag or a value missing (ERR_PARSE_ARGS_INVALID_OPTION_VALUE).
 */
function firstProblem(tokens: Token[], optionSpecs: Record<string, OptionSpec>, argv: string[]): string | undefined {
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== "option") continue;
    // Node would take `-q` for a one-letter long option `--q`; we only ever had `--q`.
    const o = t.rawName.startsWith("--") && Object.hasOwn(optionSpecs, t.name) ? optionSpecs[t.name]! : undefined;
    // A short group (`-abc`) is one token a letter; name the whole argument, as typed.
    if (!o) return `unknown option '${t.rawName.startsWith("--") ? t.rawName : argv[t.index]}'`;
    if (o.type === "boolean") {
      if (t.value !== undefined) return `option '--${t.name}' takes no value`;
      continue; // a flag given twice is harmless, as it always was
    }
    // `--x -v` / `--x --y`: the next argument looks like an option, so it is not taken as the value
    // (strict Node refuses it; lenient Node would take it, so the check is ours either way).
    const dashed = !t.inlineValue && t.value !== undefined && t.value.length > 1 && t.value.startsWith("-");
    if (t.value === undefined || dashed) {
      return `option '--${t.name}' needs a value` + (dashed ? `; write --${t.name}=<value> for a value that starts with '-'` : "");
    }
    if (!o.multiple && seen.has(t.name)) return `option '--${t.name}' given more than once`; // Node keeps the last silently
    seen.add(t.name);
  }
  return undefined;
}

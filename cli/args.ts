// A tiny argument parser driven by each command's declared options, so help text and parsing come
// from one description and an unknown or malformed flag is always a usage error (exit 2).

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

export function parseArgs(argv: string[], spec: { options?: Record<string, OptionSpec>; positionals?: PositionalSpec[] }): ParsedArgs {
  const optionSpecs = spec.options ?? {};
  const positionalSpecs = spec.positionals ?? [];
  const options: Record<string, OptionValue> = {};
  const rest: string[] = [];
  let help = false;
  let onlyPositionals = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || !arg.startsWith("-") || arg === "-") {
      rest.push(arg);
      continue;
    }
    if (arg === "--") {
      onlyPositionals = true;
      continue;
    }
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unknown option '${arg}'`);
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const o = optionSpecs[name];
    if (!o) throw new UsageError(`unknown option '--${name}'`);
    if (o.type === "boolean") {
      if (eq !== -1) throw new UsageError(`option '--${name}' takes no value`);
      options[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) value = argv[++i];
    if (value === undefined) throw new UsageError(`option '--${name}' needs a value`);
    if (o.multiple) options[name] = [...((options[name] as string[] | undefined) ?? []), value];
    else if (options[name] !== undefined) throw new UsageError(`option '--${name}' given more than once`);
    else options[name] = value;
  }

  const positionals: ParsedArgs["positionals"] = {};
  // With --help nothing else is checked: help must work on any half-typed command line.
  if (help) return { options, positionals, help };

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
  return { options, positionals, help };
}

// The command table. A command is a plain object naming its path (`["user", "list"]`), its options
// and a run function; adding one is appending it to cli/commands/index.ts. Help is generated from
// the same objects, so every command and group answers --help without extra code.
import type { Ctx } from "../src/server/context";
import type { Db } from "../src/server/db/client";
import type { OptionSpec, ParsedArgs, PositionalSpec } from "./args";
import { stdinFlag } from "./secret-flag";

export interface CommandContext {
  /** Writes one line (newline added) to stdout / stderr. */
  out(line: string): void;
  err(line: string): void;
  /** Prints a value as one JSON document: the stable --json output. */
  json(value: unknown): void;
  /** The database, opened on first use so help and usage errors never touch the data dir. */
  db(): Promise<Db>;
  /** A service context acting as the operator CLI (passes requireAdmin). */
  ctx(): Promise<Ctx>;
  /** Applies pending migrations, returning the tags applied now; absent where the caller migrated already. */
  migrate?: () => Promise<string[]>;
}

export interface Command {
  path: string[];
  summary: string;
  /** Longer help text, printed under the usage line. */
  description?: string;
  positionals?: PositionalSpec[];
  options?: Record<string, OptionSpec>;
  /** Adds the --json flag (every command that prints data). */
  json?: boolean;
  /**
   * Needs the database itself: never forwarded to the running service (the bin refuses instead),
   * because its data (a whole dump) does not fit one control-socket message.
   */
  directOnly?: boolean;
  /** Returns the exit code (default 0). Throw UsageError or DomainError for failures. */
  run(c: CommandContext, args: ParsedArgs): Promise<number | void>;
}

export const JSON_OPTION: OptionSpec = { type: "boolean", description: "print machine-readable JSON" };

/** The options a command really parses: its own, `--<name>-stdin` for each secret, and --json when it prints data. */
export function optionsOf(cmd: Command): Record<string, OptionSpec> {
  const all: Record<string, OptionSpec> = {};
  for (const [name, o] of Object.entries(cmd.options ?? {})) {
    all[name] = o;
    if (o.secret) all[stdinFlag(name)] = { type: "boolean", description: `read the ${name} from standard input (trailing newline dropped)` };
  }
  return cmd.json ? { ...all, json: JSON_OPTION } : all;
}

export type Resolved =
  | { kind: "command"; command: Command; rest: string[] }
  /** A prefix of some commands (`user`) or the root (`[]`): answered with a listing. */
  | { kind: "group"; path: string[]; rest: string[] }
  | { kind: "unknown"; path: string[]; word: string };

/**
 * Longest match of leading words against the table (so `node` and `node add` may both exist);
 * a flag ends the command words.
 */
export function resolve(commands: readonly Command[], argv: string[]): Resolved {
  const path: string[] = [];
  let best: { command: Command; restAt: number } | undefined;
  let i = 0;
  for (; i < argv.length && !argv[i]!.startsWith("-"); i++) {
    const next = [...path, argv[i]!];
    const exact = commands.find((c) => samePath(c.path, next));
    if (exact) best = { command: exact, restAt: i + 1 };
    if (!commands.some((c) => startsWith(c.path, next))) break;
    path.push(argv[i]!);
  }
  if (best) return { kind: "command", command: best.command, rest: argv.slice(best.restAt) };
  if (i < argv.length && !argv[i]!.startsWith("-")) return { kind: "unknown", path, word: argv[i]! };
  return { kind: "group", path, rest: argv.slice(i) };
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);
const startsWith = (full: string[], prefix: string[]) => prefix.length < full.length && prefix.every((w, i) => w === full[i]);

const pad = (s: string, n: number) => s + " ".repeat(Math.max(1, n - s.length));

function optionLabel(name: string, o: OptionSpec): string {
  if (o.type === "boolean") return `--${name}`;
  return `--${name} <${o.valueName ?? name}>`;
}

function usageLine(cmd: Command): string {
  const parts = ["relayboard", ...cmd.path];
  for (const p of cmd.positionals ?? []) {
    const label = p.variadic ? `${p.name}...` : p.name;
    parts.push(p.required ? `<${label}>` : `[${label}]`);
  }
  for (const [name, o] of Object.entries(cmd.options ?? {})) if (o.required && !o.secret) parts.push(optionLabel(name, o));
  if (Object.values(optionsOf(cmd)).some((o) => !o.required)) parts.push("[options]");
  return parts.join(" ");
}

export function commandHelp(cmd: Command): string {
  const lines = [`Usage: ${usageLine(cmd)}`, "", cmd.summary];
  if (cmd.description) lines.push("", cmd.description.trimEnd());
  const positionals = cmd.positionals ?? [];
  if (positionals.length) {
    lines.push("", "Arguments:");
    for (const p of positionals) lines.push(`  ${pad(p.name, 24)}${p.description}`);
  }
  lines.push("", "Options:");
  for (const [name, o] of Object.entries(optionsOf(cmd))) {
    const required = o.secret
      ? ` (${o.required ? "required: " : ""}or --${stdinFlag(name)}, or ${o.secret.env}, or asked on a terminal)`
      : o.required ? " (required)" : "";
    lines.push(`  ${pad(optionLabel(name, o), 24)}${o.description}${required}${o.multiple ? " (repeatable)" : ""}`);
  }
  lines.push(`  ${pad("-h, --help", 24)}show this help`);
  return lines.join("\n");
}

export function groupHelp(commands: readonly Command[], path: string[]): string {
  const members = commands.filter((c) => path.length === 0 || startsWith(c.path, path));
  const width = Math.max(...members.map((c) => c.path.join(" ").length)) + 4;
  const head = path.length
    ? [`Usage: relayboard ${path.join(" ")} <command> [options]`]
    : ["Relayboard operator CLI", "", "Usage: relayboard <command> [options]"];
  return [
    ...head,
    "",
    "Commands:",
    ...members.map((c) => `  ${pad(c.path.join(" "), width)}${c.summary}`),
    "",
    `Run 'relayboard <command> --help' for a command's options. Exit codes: 0 ok, 1 error, 2 usage.`,
  ].join("\n");
}

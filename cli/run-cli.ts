// The CLI as a pure function over injected output and database: tests call it directly, the bin
// (cli/main.ts) wires it to the process, and the running service answers forwarded calls with it.
// Only the command table and the parser load up front: help and usage errors must stay cheap, so the
// service context and the error texts are imported where a command has run.
import type { Db } from "../src/server/db/client";
import { errorSummary } from "../src/server/describe-error";
import { parseArgs, UsageError, wantsHelp } from "./args";
import { ALL_COMMANDS } from "./commands";
import type { CliLocale } from "./locale";
import { commandHelp, groupHelp, optionsOf, resolve, type Command, type CommandContext } from "./registry";
import { resolveSecretOptions, type SecretSources } from "./secret-options";

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

export interface CliIo extends SecretSources {
  stdout(s: string): void;
  stderr(s: string): void;
  /** The database (tests, the running service)... */
  db?: Db;
  /** ...or a function opening it on first use, so help never touches the data dir (the bin). */
  openDb?: () => Promise<Db>;
  /** Applies pending migrations and returns the tags applied now; see CommandContext.migrate. */
  migrate?: () => Promise<string[]>;
  /** The operator's language (cli/locale.ts); errors are worded in it. English when absent. */
  locale?: CliLocale;
}

/** Runs one command line and returns its exit code. Never throws for command failures. */
export async function runCli(argv: string[], io: CliIo, commands: readonly Command[] = ALL_COMMANDS): Promise<number> {
  const resolved = resolve(commands, argv);
  if (resolved.kind === "unknown") {
    const where = resolved.path.length ? `relayboard ${resolved.path.join(" ")} --help` : "relayboard --help";
    return usage(io, `unknown command '${[...resolved.path, resolved.word].join(" ")}'`, where);
  }
  if (resolved.kind === "group") {
    const text = groupHelp(commands, resolved.path);
    if (wantsHelp(resolved.rest)) {
      io.stdout(text + "\n");
      return EXIT_OK;
    }
    // A bare group (`relayboard user`) is an incomplete command line: show what could follow.
    io.stderr(text + "\n");
    return EXIT_USAGE;
  }

  const { command, rest } = resolved;
  const helpRef = `relayboard ${command.path.join(" ")} --help`;
  let args;
  try {
    args = parseArgs(rest, { options: optionsOf(command), positionals: command.positionals });
  } catch (err) {
    if (err instanceof UsageError) return usage(io, err.message, helpRef);
    throw err;
  }
  if (args.help) {
    io.stdout(commandHelp(command) + "\n");
    return EXIT_OK;
  }

  try {
    await resolveSecretOptions(optionsOf(command), args, io);
    const code = await command.run(contextFor(io), args);
    return code ?? EXIT_OK;
  } catch (err) {
    if (err instanceof UsageError) return usage(io, err.message, helpRef);
    return await reportError(io, err);
  }
}

/** True when the command line will run a command (not help, not a usage error): only then is a database needed. */
export function needsDatabase(argv: string[], commands: readonly Command[] = ALL_COMMANDS): boolean {
  const resolved = resolve(commands, argv);
  if (resolved.kind !== "command") return false;
  try {
    return !parseArgs(resolved.rest, { options: optionsOf(resolved.command), positionals: resolved.command.positionals }).help;
  } catch {
    return false;
  }
}

function contextFor(io: CliIo): CommandContext {
  let dbPromise: Promise<Db> | undefined;
  const db = () => {
    if (io.db) return Promise.resolve(io.db);
    if (!io.openDb) return Promise.reject(new Error("no database was given to the CLI"));
    return (dbPromise ??= io.openDb());
  };
  return {
    out: (line) => io.stdout(line + "\n"),
    err: (line) => io.stderr(line + "\n"),
    json: (value) => io.stdout(JSON.stringify(value, null, 2) + "\n"),
    db,
    ctx: async () => {
      const { makeCtx } = await import("../src/server/context");
      return makeCtx(await db(), { kind: "cli" }, { locale: io.locale ?? "en" });
    },
    migrate: io.migrate,
  };
}

function usage(io: CliIo, message: string, helpRef: string): number {
  io.stderr(`error: ${message}\nRun '${helpRef}' for usage.\n`);
  return EXIT_USAGE;
}

/**
 * Domain errors keep their code and are worded in the operator's language, with one line per field
 * problem; anything else is INTERNAL with a summary that carries no SQL parameters.
 */
async function reportError(io: CliIo, err: unknown): Promise<number> {
  const [{ isDomainError }, { errorText, fieldTexts }] = await Promise.all([import("../src/server/errors"), import("../src/server/i18n/error-text")]);
  if (isDomainError(err)) {
    const locale = io.locale ?? "en";
    let text = `error: ${err.code}: ${errorText(locale, err.reason, err.details) ?? err.message}\n`;
    for (const [k, v] of Object.entries(fieldTexts(locale, err.details))) text += `  ${k}: ${v}\n`;
    io.stderr(text);
    return EXIT_ERROR;
  }
  io.stderr(`error: INTERNAL: ${errorSummary(err)}\n`); // errorSummary: a database error without its SQL parameters
  return EXIT_ERROR;
}

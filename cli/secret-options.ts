// Secret option values (a panel password) need not be typed into argv, where other local users see
// them in `ps` and the shell keeps them in history. An option declared with `secret` may come from
// standard input (`--<name>-stdin`), an environment variable, or a hidden prompt on a terminal.
// The bin reads those sources on the client side; a command forwarded to the running service then
// carries the value inside the owner-only control-socket request, never in any process's argv.
import { parseArgs, UsageError, type OptionSpec, type ParsedArgs } from "./args";
import { optionsOf, resolve, type Command } from "./registry";
import { stdinFlag } from "./secret-flag";

/** Where secret values may come from; each is absent where it does not exist (the service side). */
export interface SecretSources {
  /** All of standard input. */
  readStdin?: () => Promise<string>;
  env?: Record<string, string | undefined>;
  /** Asks on the terminal without echo; only given when stdin is a terminal. */
  prompt?: (question: string) => Promise<string>;
}

/** Fills secret options from their other sources; returns the names filled that way. Mutates args. */
export async function resolveSecretOptions(options: Record<string, OptionSpec>, args: ParsedArgs, src: SecretSources): Promise<string[]> {
  const filled: string[] = [];
  for (const [name, o] of Object.entries(options)) {
    if (!o.secret) continue;
    const flag = stdinFlag(name);
    const fromStdin = args.options[flag] === true;
    delete args.options[flag];
    let value = args.options[name] as string | undefined;
    if (value !== undefined) {
      if (fromStdin) throw new UsageError(`give --${name} or --${flag}, not both`);
      continue;
    }
    if (fromStdin) {
      if (!src.readStdin) throw new UsageError(`--${flag}: standard input is not available here`);
      value = (await src.readStdin()).replace(/\r?\n$/, "");
      if (!value) throw new UsageError(`--${flag}: standard input was empty`);
    } else if (src.env?.[o.secret.env]) {
      value = src.env[o.secret.env];
    } else if (src.prompt) {
      value = await src.prompt(o.secret.prompt);
      if (!value) throw new UsageError(`no ${name} entered`);
    }
    if (value === undefined) {
      if (o.required) throw new UsageError(`missing ${name}: pipe it with --${flag}, set ${o.secret.env}, or run in a terminal to be asked`);
      continue;
    }
    args.options[name] = value;
    filled.push(name);
  }
  return filled;
}

/**
 * For forwarding to the service: argv with every secret read from stdin / env / prompt placed
 * inline as `--<name>=<value>` (and `--<name>-stdin` dropped), since the service cannot read this
 * process's stdin, environment or terminal. A command line that does not parse is returned as is
 * (the service reports it exactly as a local run would); a secret that cannot be had throws UsageError.
 */
export async function inlineSecrets(argv: string[], commands: readonly Command[], src: SecretSources): Promise<string[]> {
  const r = resolve(commands, argv);
  if (r.kind !== "command") return argv;
  const options = optionsOf(r.command);
  if (!Object.values(options).some((o) => o.secret)) return argv;
  let args: ParsedArgs;
  try {
    args = parseArgs(r.rest, { options, positionals: r.command.positionals });
  } catch (err) {
    if (err instanceof UsageError) return argv;
    throw err;
  }
  if (args.help) return argv;
  // A missing or cancelled secret throws UsageError here, before anything is sent.
  const filled = await resolveSecretOptions(options, args, src);
  if (!filled.length) return argv;
  const head = argv.slice(0, argv.length - r.rest.length);
  const end = r.rest.indexOf("--"); // after "--" everything is positional and must stay untouched
  const flags = end === -1 ? r.rest : r.rest.slice(0, end);
  const tail = end === -1 ? [] : r.rest.slice(end);
  const dropped = new Set(filled.map((n) => `--${stdinFlag(n)}`));
  const inline = filled.map((n) => `--${n}=${args.options[n] as string}`);
  return [...head, ...flags.filter((a) => !dropped.has(a)), ...inline, ...tail];
}

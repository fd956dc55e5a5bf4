// Options that name a file (OptionSpec.inlineAs): the bin reads the file on the client side before
// forwarding a command to the running service, since a relative path means nothing there and the
// service may not be allowed to read the operator's files. The content travels inside the
// owner-only control-socket request as `--<inlineAs>=<content>`.
import { readFile } from "node:fs/promises";
import { parseArgs, UsageError, type ParsedArgs } from "./args";
import { optionsOf, resolve, type Command } from "./registry";

export async function inlineFileOptions(argv: string[], commands: readonly Command[], read: (path: string) => Promise<string> = (p) => readFile(p, "utf8")): Promise<string[]> {
  const r = resolve(commands, argv);
  if (r.kind !== "command") return argv;
  const options = optionsOf(r.command);
  const fileOptions = Object.entries(options).filter(([, o]) => o.inlineAs);
  if (!fileOptions.length) return argv;
  let args: ParsedArgs;
  try {
    args = parseArgs(r.rest, { options, positionals: r.command.positionals });
  } catch (err) {
    if (err instanceof UsageError) return argv; // the service reports it as a local run would
    throw err;
  }
  if (args.help) return argv;
  const head = argv.slice(0, argv.length - r.rest.length);
  const end = r.rest.indexOf("--");
  let flags = end === -1 ? r.rest : r.rest.slice(0, end);
  const tail = end === -1 ? [] : r.rest.slice(end);
  const inline: string[] = [];
  for (const [name, o] of fileOptions) {
    const path = args.options[name];
    if (typeof path !== "string") continue;
    let content: string;
    try {
      content = await read(path);
    } catch (err) {
      throw new UsageError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    // Drop `--name value` and `--name=value`; strict parsing guaranteed the value follows the flag.
    const kept: string[] = [];
    for (let i = 0; i < flags.length; i++) {
      if (flags[i] === `--${name}`) i++;
      else if (!flags[i]!.startsWith(`--${name}=`)) kept.push(flags[i]!);
    }
    flags = kept;
    inline.push(`--${o.inlineAs}=${content}`);
  }
  return [...head, ...flags, ...inline, ...tail];
}

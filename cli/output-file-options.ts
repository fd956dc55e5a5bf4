// Options that name a file the command writes (OptionSpec.writtenByClient). Run locally, the command
// creates it. Forwarded to the running service, it would land in the service's working directory,
// owned by the service's user: so the bin creates the file first (owner-only, never over an existing
// one), forwards the command without the option, and writes the command's standard output into it.
import { open, unlink, type FileHandle } from "node:fs/promises";
import { parseArgs, UsageError } from "./args";
import { optionsOf, resolve, type Command } from "./registry";

/** Creates an output file before anything is generated (never over an existing file), owner-only. */
export async function createOutFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, "wx", 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(code === "EEXIST" ? `${path} exists; choose a new file name` : `cannot create ${path}: ${code ?? (err as Error).message}`);
  }
}

export interface Ran { code: number; stdout: string; stderr: string }

/**
 * Runs `send` (the forward to the service) with any client-written file option taken out of argv,
 * and writes the output into that file. Without such an option, argv goes as it is. If the file
 * cannot be written after the command succeeded, the output is returned on stdout instead, so what
 * the command produced (card codes shown only once) is never lost.
 */
export async function forwardWithOutputFile(argv: string[], commands: readonly Command[], send: (argv: string[]) => Promise<Ran>): Promise<Ran> {
  const r = resolve(commands, argv);
  if (r.kind !== "command") return send(argv);
  const options = optionsOf(r.command);
  const outputs = Object.entries(options).filter(([, o]) => o.writtenByClient);
  if (!outputs.length) return send(argv);
  let path: string | undefined;
  let name = "";
  try {
    const args = parseArgs(r.rest, { options, positionals: r.command.positionals });
    if (args.help) return send(argv);
    for (const [n] of outputs) {
      const v = args.options[n];
      if (typeof v === "string") [path, name] = [v, n];
    }
  } catch (err) {
    if (err instanceof UsageError) return send(argv); // the service reports it as a local run would
    throw err;
  }
  if (path === undefined) return send(argv);
  const head = argv.slice(0, argv.length - r.rest.length);
  const kept: string[] = [];
  for (let i = 0; i < r.rest.length; i++) {
    if (r.rest[i] === `--${name}`) i++;
    else if (!r.rest[i]!.startsWith(`--${name}=`)) kept.push(r.rest[i]!);
  }
  const file = await createOutFile(path);
  let result: Ran;
  try {
    result = await send([...head, ...kept]);
  } catch (err) {
    await file.close();
    await unlink(path).catch(() => undefined);
    throw err;
  }
  if (result.code !== 0) {
    await file.close();
    await unlink(path).catch(() => undefined);
    return result;
  }
  try {
    await file.writeFile(result.stdout, "utf8");
    await file.close();
  } catch (err) {
    await file.close().catch(() => undefined);
    return { ...result, stderr: `${result.stderr}could not write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); the output follows on standard output\n` };
  }
  return { code: 0, stdout: "", stderr: `${result.stderr}written to ${path}\n` };
}

// The JSON a command takes as `--file <path>` or `--data <json>` (plan create, subscription clients
// set, subscription rules set). A file the bin forwards to the running service arrives as --data
// (file-options.ts). An unreadable file is a usage error (exit 2); text that is not JSON is a
// validation error (exit 1), as the service would answer it.
import { readFile } from "node:fs/promises";
import { UsageError, type OptionValue } from "./args";

export async function readJsonInput(o: { file?: OptionValue; data?: OptionValue }): Promise<unknown> {
  if ((o.file === undefined) === (o.data === undefined)) throw new UsageError("give --file <path> (or --data <json>), one of them");
  let text: string;
  if (o.file !== undefined) {
    try {
      text = await readFile(String(o.file), "utf8");
    } catch (err) {
      throw new UsageError(`cannot read ${String(o.file)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  } else text = String(o.data);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const { validationError } = await import("../src/server/errors");
    throw validationError("invalid_json", { detail: (err as Error).message });
  }
}

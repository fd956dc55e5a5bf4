// For the running service: answers CLI calls forwarded over the control socket with the same
// runCli, on the service's own database handle (it owns the embedded PGlite). Wire it as:
//   startControlSocket({ socketPath, run: (argv) => runCliCaptured(argv, getDb()) })
import type { Db } from "../src/server/db/client";
import type { ControlResult } from "../src/server/control/protocol";
import { runCli } from "./run-cli";

export async function runCliCaptured(argv: string[], db: Db, locale?: "zh-CN" | "en"): Promise<ControlResult> {
  let stdout = "";
  let stderr = "";
  // No `migrate` capability: the service applied migrations at start-up and holds its own lock.
  const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db, locale });
  return { code, stdout, stderr };
}

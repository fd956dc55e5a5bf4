// Captures everything the process writes to stdout and stderr (the log stream) while fn runs, with
// the log level at debug so nothing is filtered out of the check.
import { overrideEnv } from "./env";

export async function captureOutput<T>(fn: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const out = process.stdout.write;
  const err = process.stderr.write;
  const grab = (chunk: unknown) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"));
    return true;
  };
  const restoreEnv = overrideEnv({ LOG_LEVEL: "debug" });
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  try {
    const result = await fn();
    return { result, output: chunks.join("") };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    restoreEnv();
  }
}

// The control socket's wire format: one JSON line each way per connection.
//   request:  {"argv": ["user", "list", "--json"], "locale": "zh-CN"}\n  (locale optional: the CLI user's language)
//   response: {"code": 0, "stdout": "...", "stderr": ""}\n

export interface ControlRequest {
  argv: string[];
  /** The language the CLI user reads (their LANG); errors are worded in it. */
  locale?: "zh-CN" | "en";
}

export interface ControlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A request line larger than this is refused: argv is a command line, not a payload. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export function parseRequest(line: string): ControlRequest | null {
  try {
    const v = JSON.parse(line) as { argv?: unknown; locale?: unknown };
    if (!Array.isArray(v.argv) || !v.argv.every((a) => typeof a === "string")) return null;
    return v.locale === "zh-CN" || v.locale === "en" ? { argv: v.argv as string[], locale: v.locale } : { argv: v.argv as string[] };
  } catch {
    return null;
  }
}

export function parseResult(line: string): ControlResult | null {
  try {
    const v = JSON.parse(line) as Partial<ControlResult>;
    if (typeof v.code !== "number" || typeof v.stdout !== "string" || typeof v.stderr !== "string") return null;
    return { code: v.code, stdout: v.stdout, stderr: v.stderr };
  } catch {
    return null;
  }
}

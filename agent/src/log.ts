// Plain lines on stderr: journald adds time and unit, and an operator reads them with journalctl.
// Fields are JSON so a line stays one line whatever a value contains. Tokens are never passed in.
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(opts: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const min = ORDER[opts.level ?? "info"];
  const write = opts.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const emit = (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < min) return;
    const extra = fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
    write(`${level}: ${msg}${extra}`);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/** A logger that keeps its lines, for tests and for `--once` summaries. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ level: "debug", write: (l) => lines.push(l) }), { lines });
}

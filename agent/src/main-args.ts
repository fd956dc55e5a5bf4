// Command-line arguments of relayboard-agent (kept apart from main.ts, which runs on import).
import { AGENT_VERSION } from "./version";

export const USAGE = `relayboard-agent ${AGENT_VERSION}

Usage:
  relayboard-agent [run] [--config FILE] [--once]
  relayboard-agent status [--config FILE | --state-dir DIR] [--json]
  relayboard-agent --version

  run        report continuously (the default)
  --once     measure every kind once, deliver the queue, exit (non-zero if anything failed)
  status     last report per kind, queue depth, dropped batches, access-log offset
  --config   JSON config file (environment variables override it; see agent/README.md)

Exit codes: 0 ok, 1 something failed (--once), 2 usage, 77 the server refused the token, 78 configuration.`;

export interface Args {
  command: "run" | "status" | "version" | "help";
  once: boolean;
  json: boolean;
  config: string | null;
  stateDir: string | null;
}

export function parseArgs(argv: string[]): Args | string {
  const a: Args = { command: "run", once: false, json: false, config: null, stateDir: null };
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i]!;
    const value = () => {
      const v = t.includes("=") ? t.slice(t.indexOf("=") + 1) : argv[++i];
      if (!v) throw new Error(`${t.split("=")[0]} needs a value`);
      return v;
    };
    try {
      if (t === "run" && i === 0) a.command = "run";
      else if (t === "status" && i === 0) a.command = "status";
      else if (t === "--version" || t === "-v" || (t === "version" && i === 0)) a.command = "version";
      else if (t === "--help" || t === "-h" || (t === "help" && i === 0)) a.command = "help";
      else if (t === "--once") a.once = true;
      else if (t === "--json") a.json = true;
      else if (t === "--config" || t.startsWith("--config=")) a.config = value();
      else if (t === "--state-dir" || t.startsWith("--state-dir=")) a.stateDir = value();
      else return `unknown argument: ${t}`;
    } catch (err) {
      return (err as Error).message;
    }
  }
  return a;
}

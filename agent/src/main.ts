// relayboard-agent: the command line. See agent/README.md.
import { Agent, EXIT } from "./agent";
import { systemClock } from "./clock";
import { ConfigError, DEFAULT_STATE_DIR, loadConfig } from "./config";
import { createLogger } from "./log";
import { renderStatus } from "./status-command";
import { parseArgs, USAGE } from "./main-args";
import { AGENT_VERSION } from "./version";

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === "string") {
    process.stderr.write(`${args}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.command === "version") {
    process.stdout.write(`${AGENT_VERSION}\n`);
    return 0;
  }
  if (args.command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.command === "status") {
    let stateDir = args.stateDir;
    if (!stateDir) {
      // status must work for an operator who cannot read the token: fall back to the plain settings.
      try {
        stateDir = loadConfig({ configPath: args.config }).config.stateDir;
      } catch {
        stateDir = process.env.RELAYBOARD_STATE_DIR || process.env.STATE_DIRECTORY?.split(":")[0] || DEFAULT_STATE_DIR;
      }
    }
    process.stdout.write(await renderStatus(stateDir, { json: args.json }));
    return 0;
  }

  let loaded;
  try {
    loaded = loadConfig({ configPath: args.config });
  } catch (err) {
    process.stderr.write(`relayboard-agent: ${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
    return EXIT.config;
  }
  const log = createLogger({ level: loaded.config.logLevel });
  for (const w of loaded.warnings) log.warn(w);

  const agent = new Agent({ config: loaded.config, log, clock: systemClock });
  try {
    await agent.open();
  } catch (err) {
    log.error(`cannot start: ${(err as Error).message}`);
    return EXIT.config;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  try {
    return args.once ? await agent.runOnce(stop.signal) : await agent.run(stop.signal);
  } finally {
    await agent.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`relayboard-agent: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);

// The bin's process wiring around runCli: configuration, then one of three database routes.
//   DATABASE_URL set          -> PostgreSQL directly (any number of processes may connect)
//   embedded, service running -> forward argv to the service's control socket (it owns PGlite)
//   embedded, nobody running  -> take the data-dir lock, open PGlite, run, close, release
// Help, usage errors and refusals load none of that: configuration, the database client, the
// control-socket client and each command's services are imported on the route that needs them.
import type { Db, openRawClient } from "../src/server/db/client";
import type { EmbeddedLock, EmbeddedOwner } from "../src/server/db/embedded-lock";
import type { Env } from "../src/server/env";
import { errorSummary } from "../src/server/describe-error";
import { UsageError, wantsHelp } from "./args";
import { resolve } from "./registry";
import { ALL_COMMANDS } from "./commands";
import { cliLocale } from "./locale";
import { promptHidden, readAllStdin } from "./hidden-prompt";
import { EXIT_ERROR, EXIT_USAGE, needsDatabase, runCli, type CliIo } from "./run-cli";
import { inlineFileOptions } from "./file-options";
import { inlineSecrets, type SecretSources } from "./secret-options";

// A reader that goes away (`relayboard settings get | head`) must not crash the run before the
// database is closed and the lock released: later output is dropped instead.
let stdoutGone = false;
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") stdoutGone = true;
  else throw err;
});
const stdio = {
  stdout: (s: string) => void (stdoutGone || process.stdout.write(s)),
  stderr: (s: string) => void process.stderr.write(s),
  locale: cliLocale(process.env),
};
// Secrets (a panel password) may come from stdin, the environment or a hidden prompt: read here, on
// the client side, because a forwarded command runs in the service, which has none of the three.
const secretSources: SecretSources = {
  readStdin: () => readAllStdin(),
  env: process.env,
  prompt: process.stdin.isTTY ? (q) => promptHidden(q) : undefined,
};

function fail(code: string, message: string): number {
  stdio.stderr(`error: ${code}: ${message}\n`);
  return EXIT_ERROR;
}

async function main(argv: string[]): Promise<number> {
  // Help and usage errors need neither configuration nor a database.
  if (!needsDatabase(argv)) return runCli(argv, stdio);

  const { parseEnv, setEnvForProcess } = await import("../src/server/env");
  let e: Env;
  try {
    e = parseEnv();
  } catch (err) {
    return fail("CONFIG", (err as Error).message);
  }
  // The logger writes info lines to stdout, which must carry only the command's output (--json).
  setEnvForProcess({ ...e, LOG_LEVEL: e.LOG_LEVEL === "error" ? "error" : "warn" });

  if (e.DATABASE_URL) return runOpening(argv, { databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });

  const { acquireEmbeddedLock, readEmbeddedOwner } = await import("../src/server/db/embedded-lock");
  const owner = readEmbeddedOwner(e.dataDir);
  if (owner) return forward(argv, owner);
  let lock: EmbeddedLock;
  try {
    lock = acquireEmbeddedLock(e.dataDir, { socketPath: null });
  } catch (err) {
    // Lost a race with a process that started just now: if it is the service, use it.
    const winner = readEmbeddedOwner(e.dataDir);
    if (winner) return forward(argv, winner);
    return fail("UNAVAILABLE", (err as Error).message);
  }
  const releaseOnSignal = (signal: NodeJS.Signals) => {
    lock.release();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", releaseOnSignal);
  process.once("SIGTERM", releaseOnSignal);
  process.once("exit", () => lock.release()); // last resort; release() ignores a lock that is not ours
  try {
    return await runOpening(argv, { dataDir: e.dataDir });
  } finally {
    lock.release();
  }
}

/**
 * Runs with a database opened on first use and migrated before any command sees it. The client is
 * loaded then too: a command refused before that (a missing password) never loads it.
 */
async function runOpening(argv: string[], where: Parameters<typeof openRawClient>[0]): Promise<number> {
  let opened: Promise<{ db: Db; applied: string[] }> | undefined;
  const ensureOpen = () =>
    (opened ??= (async () => {
      const [{ installDb, openRawClient }, { migrateReporting }, { unavailable }] = await Promise.all([
        import("../src/server/db/client"),
        import("./migrations"),
        import("../src/server/errors"),
      ]);
      try {
        const raw = openRawClient(where);
        const db = installDb(raw); // installed so any code reaching for getDb() shares this one handle
        const applied = await migrateReporting(raw);
        return { db, applied };
      } catch (err) {
        throw unavailable("database_unavailable", { detail: (err as Error).message });
      }
    })());
  const io: CliIo = {
    ...stdio,
    ...secretSources,
    openDb: async () => (await ensureOpen()).db,
    migrate: async () => (await ensureOpen()).applied,
  };
  try {
    return await runCli(argv, io);
  } finally {
    if (opened) await (await import("../src/server/db/client")).closeDb();
  }
}

async function forward(argv: string[], owner: EmbeddedOwner): Promise<number> {
  if (!owner.socketPath) {
    return fail("UNAVAILABLE", `Another relayboard command (pid ${owner.pid}) is using the embedded database; run this again when it has finished.`);
  }
  const resolved = resolve(ALL_COMMANDS, argv);
  if (resolved.kind === "command" && resolved.command.directOnly && !wantsHelp(resolved.rest)) {
    const { errorText } = await import("../src/server/i18n/error-text");
    return fail("UNAVAILABLE", errorText(stdio.locale, "backup_needs_direct_database", {}) ?? "stop the service first");
  }
  let forwarded: string[];
  try {
    forwarded = await inlineFileOptions(await inlineSecrets(argv, ALL_COMMANDS, secretSources), ALL_COMMANDS);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    stdio.stderr(`error: ${err.message}\n`);
    return EXIT_USAGE;
  }
  const { forwardToService } = await import("../src/server/control/socket-client");
  try {
    const { forwardWithOutputFile } = await import("./output-file-options");
    const result = await forwardWithOutputFile(forwarded, ALL_COMMANDS, (a) => forwardToService(owner.socketPath!, a, { locale: stdio.locale }));
    stdio.stdout(result.stdout);
    stdio.stderr(result.stderr);
    return result.code;
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return fail(
      "UNAVAILABLE",
      `The Relayboard service (pid ${owner.pid}) owns the embedded database, but its control socket ${owner.socketPath} is not answering (${reason}). ` +
        `If it is still starting, try again in a moment.`,
    );
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Output is flushed by a natural exit; this only fires if some handle keeps the process alive.
    setTimeout(() => process.exit(code), 10_000).unref();
  },
  (err) => {
    process.stderr.write(`error: INTERNAL: ${errorSummary(err)}\n`);
    process.exitCode = EXIT_ERROR;
  },
);

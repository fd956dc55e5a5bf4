// Hands the generated first-admin password to the operator without putting it in a log stream.
// Under systemd, Docker or any supervisor stdout is collected into logs (often shipped elsewhere),
// so the password is printed only to an interactive terminal; otherwise it goes to a file that only
// the service's user can read, and the log says where.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log } from "../../logger";

export const INITIAL_PASSWORD_FILE = "initial-admin-password.txt";

export type BootstrapOutcome = { created: false } | { created: true; email: string; generatedPassword?: string };

export interface AnnounceOptions {
  dataDir: string;
  /** Whether stdout is an interactive terminal (default: process.stdout.isTTY). */
  interactive?: boolean;
  /** Terminal output (default: process.stdout). */
  write?: (text: string) => void;
}

/** Returns where the password went: "terminal", the file's path, or undefined when nothing was generated. */
export function announceFirstAdmin(boot: BootstrapOutcome, opts: AnnounceOptions): string | undefined {
  if (!boot.created) return undefined;
  if (!boot.generatedPassword) {
    log.info("administrator created from ADMIN_EMAIL", { email: boot.email });
    return undefined;
  }
  const write = opts.write ?? ((s: string) => void process.stdout.write(s));
  if (opts.interactive ?? process.stdout.isTTY === true) {
    write(`\n  First administrator created\n    email:    ${boot.email}\n    password: ${boot.generatedPassword}\n  Change it after logging in.\n\n`);
    return "terminal";
  }
  const file = path.join(path.resolve(opts.dataDir), INITIAL_PASSWORD_FILE);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `email: ${boot.email}\npassword: ${boot.generatedPassword}\n\nChange the password after logging in, then delete this file.\n`, { mode: 0o600 });
    chmodSync(file, 0o600); // an existing file keeps its old mode on write
  } catch (err) {
    log.error("first administrator created, but its generated password could not be written; create another administrator with `relayboard admin create`", {
      email: boot.email,
      file,
      error: (err as NodeJS.ErrnoException).code ?? "write failed",
    });
    return undefined;
  }
  log.info("first administrator created; its generated password is in a file only this user can read", { email: boot.email, file });
  return file;
}

// The generated first-admin password never reaches the log stream: an interactive terminal gets it
// printed; anything else (systemd, Docker, a pipe) gets a 0600 file in DATA_DIR and only its path.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "../../src/server/services/accounts";
import { announceFirstAdmin, INITIAL_PASSWORD_FILE } from "../../src/server/services/accounts/announce-first-admin";
import { cliCtx } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const freshDir = () => mkdtempSync(path.join(tmpdir(), "relayboard-announce-"));

describe("announceFirstAdmin", () => {
  it("not a terminal: the password goes to a 0600 file; the output names the file, not the password", async () => {
    const boot = await bootstrapAdmin(cliCtx(t.db), {});
    expect(boot).toMatchObject({ created: true, generatedPassword: expect.any(String) });
    const password = (boot as { generatedPassword: string }).generatedPassword;
    const dataDir = freshDir();
    const { result: where, output } = await captureOutput(async () => announceFirstAdmin(boot, { dataDir, interactive: false }));
    const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
    expect(where).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(`password: ${password}`);
    expect(output).toContain(file);
    expect(output).not.toContain(password);
  });

  it("defaults to the real stdout's TTY state (a test runner's stdout is not a terminal)", async () => {
    const dataDir = freshDir();
    const boot = { created: true as const, email: "admin@relayboard.local", generatedPassword: "Generated-Secret-123" };
    const { result: where, output } = await captureOutput(async () => announceFirstAdmin(boot, { dataDir }));
    if (process.stdout.isTTY) expect(where).toBe("terminal");
    else {
      expect(where).toBe(path.join(dataDir, INITIAL_PASSWORD_FILE));
      expect(output).not.toContain("Generated-Secret-123");
    }
  });

  it("an existing file with a wider mode is tightened to 0600", async () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
    writeFileSync(file, "old", { mode: 0o644 });
    announceFirstAdmin({ created: true, email: "a@b.c", generatedPassword: "Another-Secret-456" }, { dataDir, interactive: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain("Another-Secret-456");
  });

  it("an interactive terminal gets the password printed, still not through the log", async () => {
    const printed: string[] = [];
    const { output } = await captureOutput(async () =>
      announceFirstAdmin({ created: true, email: "a@b.c", generatedPassword: "Tty-Secret-789" }, { dataDir: freshDir(), interactive: true, write: (s) => printed.push(s) }),
    );
    expect(printed.join("")).toContain("Tty-Secret-789");
    expect(output).not.toContain("Tty-Secret-789");
  });

  it("nothing is written when no password was generated", async () => {
    const dataDir = freshDir();
    const { output } = await captureOutput(async () => announceFirstAdmin({ created: true, email: "env@example.com" }, { dataDir, interactive: false }));
    expect(output).toContain("administrator created from ADMIN_EMAIL");
    expect(() => statSync(path.join(dataDir, INITIAL_PASSWORD_FILE))).toThrow();
  });
});

// A file option the client writes (OptionSpec.writtenByClient), for a command forwarded to the
// running service: the bin creates the file (0600, never over an existing one), the service never
// sees the option, and the command's output lands in the file; a refusal leaves no file behind.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_COMMANDS } from "../../cli/commands";
import { forwardWithOutputFile } from "../../cli/output-file-options";
import { runCliCaptured } from "../../cli/run-in-service";
import { forwardToService } from "../../src/server/control/socket-client";
import { startControlSocket, type ControlSocket } from "../../src/server/control/socket-server";
import { rechargeCards } from "../../src/server/db/schema";
import { createTestDb, type TestDb } from "../helpers/db";
import { walletEditionForFile } from "../helpers/wallet";

let t: TestDb | undefined;
let control: ControlSocket | undefined;
let socketPath = "";
const seen: string[][] = [];
beforeAll(async () => {
  t = await createTestDb();
  const db = t.db;
  socketPath = path.join(mkdtempSync(path.join(tmpdir(), "rb-sock-")), "relayboard.sock");
  control = await startControlSocket({
    socketPath,
    run: (argv) => {
      seen.push(argv);
      return runCliCaptured(argv, db);
    },
  });
});
afterAll(async () => {
  await control?.close();
  await t?.close();
});
walletEditionForFile(() => t?.db);

const send = (argv: string[]) => forwardToService(socketPath, argv);
const dir = () => mkdtempSync(path.join(tmpdir(), "rb-out-"));

describe("client-written output files", () => {
  it("`cards generate --out` forwarded: the client writes the codes into a new owner-only file; the service never gets the path", async () => {
    const file = path.join(dir(), "cards.csv");
    const r = await forwardWithOutputFile(["cards", "generate", "--kind", "balance", "--count", "2", "--amount", "1.50", "--out", file], ALL_COMMANDS, send);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`written to ${file}`);
    expect(seen.at(-1)).toEqual(["cards", "generate", "--kind", "balance", "--count", "2", "--amount", "1.50"]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, "utf8").trim().split("\n");
    expect(lines[0]).toBe("code,kind,amount_minor,plan_id,expires_at");
    expect(lines.slice(1).map((l) => l.split(",").slice(1, 3))).toEqual([
      ["BALANCE", "150"],
      ["BALANCE", "150"],
    ]);
  });

  it("refuses an existing file before anything is generated, and leaves no file when the command fails", async () => {
    const before = (await t!.db.select().from(rechargeCards)).length;
    const existing = path.join(dir(), "taken.csv");
    writeFileSync(existing, "keep me");
    await expect(forwardWithOutputFile(["cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1", `--out=${existing}`], ALL_COMMANDS, send)).rejects.toThrow(/exists/);
    expect(readFileSync(existing, "utf8")).toBe("keep me");

    const refused = path.join(dir(), "refused.csv");
    const r = await forwardWithOutputFile(["cards", "generate", "--kind", "balance", "--count", "1", "--amount", "0", "--out", refused], ALL_COMMANDS, send);
    expect(r.code).not.toBe(0);
    expect(existsSync(refused)).toBe(false);
    expect((await t!.db.select().from(rechargeCards)).length).toBe(before);
  });

  it("commands without such an option go as they are", async () => {
    const r = await forwardWithOutputFile(["cards", "list", "--json"], ALL_COMMANDS, send);
    expect(r.code).toBe(0);
    expect(seen.at(-1)).toEqual(["cards", "list", "--json"]);
  });
});
